// One table: identity (seat token), the live WebSocket, and drawing whatever the server sends. The game's own
// drawing is a "face" per game: The Bloody Inn (board.js, menu.js) or Innkeepers (ink.js).
import { botName, esc, loadCatalog, mark, seatName } from "./common.js";
import { headerInfo, renderBoard, renderLog, renderPlayers, renderResult } from "./board.js";
import { fairnessNote } from "./fairness.js";
import { InkMenu, inkBoard, inkHeader, inkLog, inkPlayers, inkResult, inkRules, markInkTargets } from "./ink.js";
import { Menu } from "./menu.js";
import { Chat } from "./chat.js";
import { Alerts } from "./notify.js";
import { LANG, _, ngettext } from "./i18n.js";

const tableId = decodeURIComponent(location.pathname.split("/")[2]);
const storeKey = `bloodyinn:table:${tableId}`;
const tablePath = `/table/${encodeURIComponent(tableId)}`;
const $ = (id) => document.getElementById(id);

let catalog = null;
let identity = null; // {seat, token} or null for a spectator
let socket = null;
let state = null;
let log = [];
let retry = 0;
let nextId = 1;
const chat = new Chat(tableId, (message) => send({ ...message, id: `chat-${nextId++}` }));
const alerts = new Alerts();

// What calls for a seated player's attention (never what was there on arriving): their move coming up, someone
// sitting down at the table.
function alertsFor(before, after) {
  if (!before || !identity) return;
  const me = identity.seat;
  const mine = (table) => table.pending.includes(me) && !table.over;
  for (const seat of after.seats) {
    if (before.seats[seat.seat].open && !seat.open && seat.seat !== me) alerts.alert(_("{name} sat down", { name: seatName(after.seats, seat.seat) }));
  }
  if (mine(after) && !mine(before)) alerts.alert(_("Your move"));
}
let joinTarget = null; // the seat a join link or a "Take seat" button offers
const invite = new URLSearchParams(location.search).get("invite"); // a private table's code, from its join link

const callbacks = {
  onSubmit: (action) => send({ type: "action", seq: state.seq, action, id: nextId++ }),
  onPreview: (action) => send({ type: "preview", action, id: nextId++ }),
};

// What differs between the games: the header, board, players, log, result and move panel.
const FACES = {
  bloodyinn: {
    title: () => _("The Bloody Inn"),
    menu: () => new Menu($("menu"), callbacks),
    header: (st, me) => headerInfo(st.view, st.table.seats, me),
    board: (st) => renderBoard(st.view, catalog, st.table.seats),
    players: (st, me) => renderPlayers(st.view, catalog, st.table.seats, me),
    log: (events, seats) => renderLog(events, seats),
    result: (result, seats) => renderResult(result, seats),
    targets: (choices) => markPlaceableRooms(choices),
  },
  innkeepers: {
    title: () => _("Innkeepers"),
    menu: () => new InkMenu($("menu"), callbacks),
    header: (st, me) => inkHeader(st.view, st.table, me),
    board: (st) => inkBoard(st.view, st.table.seats),
    players: (st, me) => inkPlayers(st.view, st.table.seats, me, st.table.pending),
    log: (events, seats) => inkLog(events, seats),
    result: (result, seats) => inkResult(result, seats),
    targets: (choices, me) => markInkTargets(choices, menu, me),
    targetsInPlayers: true, // the hand and the hotels, drawn again when someone comes or goes
  },
};
let face = null;
let menu = null;
document.addEventListener("keydown", (event) => menu?.handleKey(event));

// The seat token never stays in the address bar (a shared or screen-shared URL would hand over the seat):
// it lives in localStorage; the player's own link (token in the fragment) is read once, then removed.
function readIdentity() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.has("token") && hash.has("seat")) {
    const found = { seat: Number(hash.get("seat")), token: hash.get("token") };
    localStorage.setItem(storeKey, JSON.stringify(found));
    history.replaceState(null, "", tablePath);
    return found;
  }
  const stored = localStorage.getItem(storeKey);
  return stored ? JSON.parse(stored) : null;
}

function remember(found) {
  identity = found;
  localStorage.setItem(storeKey, JSON.stringify(found));
  history.replaceState(null, "", tablePath);
  renderOwnLink();
  seatAlert("");
}

const ownLink = () => `${location.origin}${tablePath}#seat=${identity.seat}&token=${encodeURIComponent(identity.token)}`;

// A new token for this seat: the old one (and every link or device holding it) stops working at once.
async function revoke() {
  if (!confirm(_("Revoke your own link? Other devices using it lose the seat; this page gets a new link."))) return;
  if (socket) { // the server closes connections that used the old token, this one included
    socket.onclose = null;
    socket.onmessage = null;
  }
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/seats/${identity.seat}/token`, {
    method: "POST", headers: { "X-Seat-Token": identity.token },
  });
  const body = await response.json();
  if (response.ok) remember({ seat: body.seat, token: body.token });
  reconnect();
  seatAlert(response.ok ? _("Your link was revoked: the old one no longer works. Your new own link is under Seats.") : body.message, !response.ok);
}

async function join(seat) {
  const name = $("join-name").value.trim() || null;
  if (name) localStorage.setItem("bloodyinn:name", name);
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/join`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name, invite }),
  });
  const body = await response.json();
  if (!response.ok) {
    note(body.message || _("could not join"), true);
    return;
  }
  remember({ seat: body.seat, token: body.token });
  $("join-form").hidden = true;
  reconnect();
}

// A spectator at a table with open seats is asked for a name before sitting down.
function renderJoin() {
  const open = state.table.seats.filter((s) => s.open).map((s) => s.seat);
  const form = $("join-form");
  form.hidden = identity !== null || !open.length || state.table.over || (state.table.private && !invite);
  if (form.hidden) return;
  if (!open.includes(joinTarget)) joinTarget = open[0];
  $("join-name").placeholder = _("Player {number}", { number: joinTarget + 1 });
  $("join-button").textContent = _("Sit down at seat {number}", { number: joinTarget + 1 });
}

$("join-form").addEventListener("submit", (event) => {
  event.preventDefault();
  join(joinTarget);
});

// What happened to this page's seat (revoked, lost): stays until the seat changes again, unlike the turn note.
function seatAlert(text, error = false) {
  $("seat-alert").innerHTML = text ? `<div class="message ${error ? "error" : "info"}" ${error ? 'role="alert"' : ""}>${esc(text)}</div>` : "";
}

function note(text, error = false) {
  $("turn-note").innerHTML = text ? `<div class="message ${error ? "error" : "info"}" ${error ? 'role="alert"' : ""}>${esc(text)}</div>` : "";
}

function setStatus(online, text) {
  $("status").className = `status ${online ? "online" : "offline"}`;
  $("status-text").textContent = text;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else menu?.fail(_("Not connected: reconnecting, try again in a moment."));
}

const FULL_RETRY_MS = 15000;

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?lang=${encodeURIComponent(LANG)}`);
  socket.onopen = () => {
    retry = 0;
    if (menu) menu.key = null; // a move lost with the old connection may be chosen again
    socket.send(JSON.stringify(identity ? { type: "hello", seat: identity.seat, token: identity.token } : { type: "hello" }));
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    if (event.code === 4404) { setStatus(false, _("no such table")); return; }
    if (event.code === 4410) {
      setStatus(false, _("table expired"));
      note(_("This table expired: nobody moved at it for too long."), true);
      return;
    }
    if (event.code === 4429 || event.code === 1013) { // no place for this connection: the error said why
      setStatus(false, event.code === 4429 ? _("too many connections") : _("server full"));
      setTimeout(connect, FULL_RETRY_MS); // slowly: closing another tab (or the server emptying) takes a while
      return;
    }
    if (event.code === 4403) {
      localStorage.removeItem(storeKey);
      identity = null;
      renderOwnLink();
      seatAlert(_("This seat's token is not valid (it is wrong, or it was revoked); you are watching."), true);
    }
    setStatus(false, _("reconnecting…"));
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, 400 * retry);
  };
}

function reconnect() {
  if (socket) {
    socket.onclose = null;
    socket.close();
  }
  state = null;
  connect();
}

function receive(message) {
  switch (message.type) {
    case "state":
      if (message.log) log = message.log;
      else log.push(...message.events);
      if (message.chat) chat.reset(message.chat, identity?.seat ?? null);
      alertsFor(state?.table, message.table);
      state = message;
      if (!face) setUpFace(message);
      render();
      break;
    case "presence":
      if (state) {
        alertsFor(state.table, message.table);
        state.table = message.table;
        renderSeats();
        renderJoin();
        if (state.waiting) {
          renderWaiting();
          break;
        }
        $("info").innerHTML = face.header(state, identity?.seat ?? null);
        $("players").innerHTML = face.players(state, identity?.seat ?? null);
        if (face.targetsInPlayers) face.targets(state.choices, identity?.seat ?? null);
      }
      break;
    case "preview":
      menu?.showPreview(message);
      break;
    case "ack":
      break;
    case "chat":
      chat.add(message.message);
      break;
    case "error":
      if (String(message.id).startsWith("chat")) chat.fail(message.message);
      else if (message.error === "stale") menu?.fail(message.message);
      else if (message.error === "not_found") setStatus(false, message.message);
      else if (message.error === "too_many_connections") {
        const reason = message.message.charAt(0).toUpperCase() + message.message.slice(1);
        note(_("{reason}. This page tries again every {seconds} s.", { reason, seconds: FULL_RETRY_MS / 1000 }), true);
      }
      else menu?.fail(message.message);
      break;
    default:
      break;
  }
}

const SEAT_STATUS = { resigned: () => _("resigned"), timed_out: () => _("out of time"), away: () => _("left") };

function renderSeats() {
  const seats = state.table.seats;
  const code = state.invite || invite; // private tables: only players (or invited people) can pass links on
  $("seats").innerHTML = seats.map((s) => {
    const link = `${location.origin}${tablePath}?join=${s.seat}${code ? `&invite=${encodeURIComponent(code)}` : ""}`;
    const status = esc(s.kind === "bot" ? (s.status ? _("{status} · played by the {level} bot", { status: SEAT_STATUS[s.status](), level: botName(s.bot) }) : _("bot · {level}", { level: botName(s.bot) }))
      : s.open ? _("open") : s.online ? _("online") : _("away"));
    // Someone who keeps the table waiting while not connected can be replaced by a bot (the server says when).
    const stalling = s.kind === "human" && !s.online && state.table.pending.includes(s.seat) && !state.table.over
      && identity && identity.seat !== s.seat && seats[identity.seat].kind === "human";
    // A seat nobody comes to take can be given to a bot, once the table has waited a while (the server says when).
    const unclaimed = s.open && identity && seats[identity.seat].kind === "human";
    const standIn = stalling || unclaimed
      ? `<button class="btn secondary" data-stand-in="${s.seat}">${esc(stalling ? _("Let a bot play for them") : _("Let a bot take this seat"))}</button>` : "";
    const action = s.open && (!state.table.private || code)
      ? `<input type="text" readonly value="${esc(link)}" aria-label="${esc(_("Join link for seat {number}", { number: s.seat + 1 }))}">
         ${identity ? "" : `<button class="btn secondary" data-join="${s.seat}">${esc(_("Take seat"))}</button>`}`
      : "";
    return `<div class="seat">${mark(s.seat)} <span>${esc(seatName(seats, s.seat))} · ${status}${identity && identity.seat === s.seat ? ` · ${esc(_("you"))}` : ""}</span>${action}${standIn}</div>`;
  }).join("") + `<div class="count">${esc(identity ? ngettext("{n} watching", "{n} watching", state.table.spectators)
    : ngettext("{n} watching (including you)", "{n} watching (including you)", state.table.spectators))}</div>
    <div class="seat"><span>${esc(_("Watch link"))}</span><input type="text" readonly id="watch-link" value="${esc(location.origin + tablePath)}" aria-label="${esc(_("Watch link (gives no seat)"))}"></div>`;
  $("seats").querySelectorAll("[data-stand-in]").forEach((b) => b.addEventListener("click", () => seatCall(`seats/${b.dataset.standIn}/stand-in`)));
  $("seats").querySelectorAll("[data-join]").forEach((b) => b.addEventListener("click", () => {
    joinTarget = Number(b.dataset.join);
    renderJoin();
    $("join-name").focus();
  }));
}

// Drawn only when the identity changes, so an open panel stays open while the game goes on.
function renderOwnLink() {
  const panel = $("own-link");
  panel.hidden = !identity;
  if (!identity) return;
  $("own-link-url").value = ownLink();
  $("copy-own-link").textContent = _("Copy");
}

// The first message is a whole one (the log, this table's rules in plain words): it sets up the game's face.
function setUpFace(message) {
  const game = message.table.game || "bloodyinn";
  face = FACES[game] || FACES.bloodyinn;
  menu = face.menu();
  document.querySelector("header.top h1 a").textContent = face.title();
  if (game === "innkeepers") {
    document.body.classList.add("innkeepers");
    $("board").setAttribute("aria-label", _("The trick"));
    fetch(`/api/options?lang=${encodeURIComponent(LANG)}`).then((r) => r.json()).then((options) => {
      const rules = options.games.find((g) => g.id === "innkeepers");
      $("help").innerHTML = inkRules(message.table.settings, rules, message.rules || []);
    });
  }
}

// Whoever must decide now, by name ("Ann and the easy bot").
const deciding = (table) => table.pending.map((seat) => seatName(table.seats, seat)).join(_(" and "));

// Before every seat is taken there is nothing of the game to draw: the server deals it only then.
function renderWaiting() {
  const me = identity ? identity.seat : null;
  const open = state.table.seats.filter((s) => s.open).length;
  alerts.setTitle(_("{game} · waiting for players · table {table}", { game: face.title(), table: tableId }));
  $("info").innerHTML = `<span class="pill" id="settings-pill">${esc(_("{game} · {players} players", { game: face.title(), players: state.table.settings.players }))}</span>
    <span class="pill" id="whose-turn">${esc(ngettext("Waiting for {n} player", "Waiting for {n} players", open))}</span>`;
  $("board").innerHTML = `<h2>${esc(_("Waiting for players"))}</h2><p id="waiting-note">${esc(_("The cards are dealt once every seat is taken: until then nobody, you included, sees any of them. Share the join links under Seats."))}</p>`;
  $("players").innerHTML = "";
  $("actions-title").textContent = _("Waiting for players");
  note(me === null ? _("Take an open seat to play.") : _("The game begins when every seat is taken."));
}

function render() {
  const { view, table } = state;
  const me = identity ? identity.seat : null;
  const mine = me !== null && table.pending.includes(me);
  setStatus(true, me === null ? _("watching") : _("playing as {name}", { name: seatName(table.seats, me) }));
  document.querySelector("main").classList.toggle("my-move", mine && !table.over);
  if (state.waiting) {
    renderSeats();
    renderJoin();
    $("fairness").innerHTML = fairnessNote(table.fairness);
    $("log").innerHTML = "";
    $("result").hidden = true;
    renderWaiting();
    menu.setChoices([], view, catalog, table.seats, `${state.seq}:${me}:waiting`);
    renderTools();
    tickClock();
    return;
  }
  alerts.setTitle(mine && !view.is_over ? _("{game} · Your turn · table {table}", { game: face.title(), table: tableId })
    : _("{game} · table {table}", { game: face.title(), table: tableId }));
  $("info").innerHTML = face.header(state, me);
  $("board").innerHTML = face.board(state);
  $("players").innerHTML = face.players(state, me);
  renderSeats();
  renderJoin();
  $("fairness").innerHTML = fairnessNote(table.fairness);
  $("log").innerHTML = face.log(log, table.seats);
  $("log-box").scrollTop = $("log-box").scrollHeight;
  const result = $("result");
  result.hidden = !state.result;
  if (state.result) {
    result.innerHTML = face.result(state.result, table.seats) +
      `<p><a class="btn" href="/table/${encodeURIComponent(tableId)}/replay" id="replay-link">${esc(_("Watch the replay"))}</a> <a class="btn secondary" href="/">${esc(_("Back to the lobby"))}</a></p>`;
  }
  if (view.is_over) {
    $("actions-title").textContent = _("Game over");
    note(_("The game is over: see the final score."));
  } else if (me === null) {
    $("actions-title").textContent = _("Watching");
    note(ngettext("{names} is deciding. Take an open seat to play.", "{names} are deciding. Take an open seat to play.", table.pending.length, { names: deciding(table) }));
  } else if (mine) {
    $("actions-title").textContent = _("Your move");
    const others = table.pending.filter((seat) => seat !== me);
    note(others.length ? _("Everyone chooses at once: nobody sees your choice until all have chosen ({names} still choosing).", { names: others.map((seat) => seatName(table.seats, seat)).join(", ") }) : "");
  } else {
    $("actions-title").textContent = _("Waiting");
    const away = table.pending.some((seat) => table.seats[seat].kind === "human" && !table.seats[seat].online);
    const names = deciding(table);
    note(away ? ngettext("{names} is deciding (away: you can leave and come back later)…", "{names} are deciding (away: you can leave and come back later)…", table.pending.length, { names })
      : ngettext("{names} is deciding…", "{names} are deciding…", table.pending.length, { names }));
  }
  menu.setChoices(state.choices, view, catalog, table.seats, `${state.seq}:${me}`);
  face.targets(state.choices, me);
  renderTools();
  tickClock();
}

// The turn clock of whoever decides now, counted down on this page (the server keeps the real deadline).
function tickClock() {
  const box = $("clock");
  const deadline = state && !state.table.over && state.table.deadline;
  box.hidden = !deadline;
  if (!deadline) return;
  const left = Math.max(0, Math.round((Date.parse(deadline) - Date.now()) / 1000));
  const time = left >= 3600 ? _("{hours} h {minutes} min", { hours: Math.floor(left / 3600), minutes: String(Math.floor((left % 3600) / 60)).padStart(2, "0") })
    : `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  const people = state.table.pending.filter((seat) => state.table.seats[seat].kind === "human");
  const who = people.map((seat) => (seat === identity?.seat ? _("you") : seatName(state.table.seats, seat))).join(", ");
  box.textContent = _("Clock: {time} left for {names}; then a bot plays the seat", { time, names: who });
  box.classList.toggle("urgent", left <= 10);
}
setInterval(tickClock, 1000);

// Buttons for a seated player: undo (against bots), resign, take the seat back, rematch.
function renderTools() {
  const me = identity ? identity.seat : null;
  const mine = me === null ? null : state.table.seats[me];
  const buttons = [];
  if (mine && state.undo) buttons.push(`<button class="btn secondary" id="undo">↶ ${esc(_("Undo my last move"))}</button>`);
  if (mine && (mine.status === "timed_out" || mine.status === "away")) buttons.push(`<button class="btn" id="take-back">${esc(_("Play my seat again"))}</button>`);
  if (mine && !state.table.over && mine.status !== "resigned") buttons.push(`<button class="btn secondary" id="resign">${esc(_("Resign"))}</button>`);
  if (mine && state.table.over) {
    buttons.push(`<button class="btn" id="rematch">${esc(state.table.rematch ? _("Join the rematch") : _("Rematch"))}</button>`);
  } else if (state.table.over && state.table.rematch) {
    buttons.push(`<a class="btn secondary" href="/table/${encodeURIComponent(state.table.rematch)}">${esc(_("Watch the rematch"))}</a>`);
  }
  const invited = mine && state.table.over && state.table.rematch ? `<div class="message info" id="rematch-invite">${esc(_("A rematch is set up: same seats, same settings."))}</div>` : "";
  $("tools").innerHTML = invited + buttons.join(" ");
  $("undo")?.addEventListener("click", () => seatCall("undo"));
  $("take-back")?.addEventListener("click", () => seatCall(`seats/${me}/back`));
  $("resign")?.addEventListener("click", () => {
    if (confirm(_("Resign? A bot plays your seat to the end, and you rank last whatever it scores."))) seatCall("resign");
  });
  $("rematch")?.addEventListener("click", rematch);
}

async function seatCall(path) {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/${path}`, {
    method: "POST", headers: { "content-type": "application/json", "X-Seat-Token": identity.token },
    body: JSON.stringify({ seat: identity.seat }),
  });
  if (!response.ok) note((await response.json()).message, true);
  return response;
}

async function rematch() {
  const response = await seatCall("rematch");
  if (!response.ok) return;
  const body = await response.json();
  localStorage.setItem(`bloodyinn:table:${body.table_id}`, JSON.stringify({ seat: body.seat, token: body.token }));
  location.href = `/table/${encodeURIComponent(body.table_id)}`;
}

// During the welcome phase the rooms themselves are buttons: clicking one selects "place roomN".
function markPlaceableRooms(choices) {
  for (const form of choices) {
    if (form.kind !== "place") continue;
    const room = document.querySelector(`#board [data-room="${form.room}"]`);
    room.classList.add("placeable");
    room.tabIndex = 0;
    room.setAttribute("role", "button");
    room.setAttribute("aria-label", _("Place the traveler in room {room}", { room: form.room }));
    const pick = () => menu.choose(form.text);
    room.addEventListener("click", pick);
    room.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); event.stopPropagation(); pick(); }
    });
  }
}

async function start() {
  catalog = await loadCatalog();
  identity = readIdentity();
  $("copy-own-link").addEventListener("click", () => navigator.clipboard?.writeText(ownLink()).then(() => { $("copy-own-link").textContent = _("Copied"); }));
  $("revoke").addEventListener("click", revoke);
  renderOwnLink();
  const join_ = new URLSearchParams(location.search).get("join");
  if (join_ !== null && !identity) joinTarget = Number(join_);
  $("join-name").value ||= localStorage.getItem("bloodyinn:name") || "";  // never over a name typed while the page loaded
  connect();
}

start();
