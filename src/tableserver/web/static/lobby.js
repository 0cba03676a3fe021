// The lobby: choose the game (The Bloody Inn or Innkeepers), create a table (seats open for people or played by
// bots, the game's own options) and list the tables of every game to join or watch.
import { botName, esc, mark, seatName, token } from "./common.js";
import { variantName } from "./board.js";
import { LANG, _, dateTime } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let options = null;
const game = () => options.games.find((g) => g.id === $("game").value);
const gameById = (id) => options.games.find((g) => g.id === id) || options.games[0];

function seatRows() {
  const players = Number($("players").value);
  const bots = game().bots;
  const old = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  $("seats").innerHTML = Array.from({ length: players }, (unused, seat) => {
    const choices = [`<option value="human">${esc(_("Open for a human"))}</option>`,
      ...bots.map((b) => `<option value="bot:${esc(b)}">${esc(_("Bot: {level}", { level: botName(b) }))}</option>`)];
    return `<label>${token(seat)} <select data-seat="${seat}" aria-label="${esc(_("Seat {number}", { number: seat + 1 }))}">${choices.join("")}</select>${seat === 0 ? ` ${esc(_("(you)"))}` : ""}</label>`;
  }).join("");
  document.querySelectorAll("#seats select").forEach((select, seat) => {
    select.value = old[seat] ?? (seat === 0 ? "human" : `bot:${bots[0]}`);
    if (!select.value) select.value = `bot:${bots[0]}`; // a bot of the other game
  });
}

// Innkeepers: one control per assumption flag, at its default, saying what switching it plays instead.
function flagRows() {
  const ink = options.games.find((g) => g.id === "innkeepers");
  $("flags").innerHTML = ink.flags.map((f) => {
    const gaps = `<small>(${f.assumptions.map(esc).join(", ")})</small>`;
    if (f.choices) {
      const choices = f.choices.map((c) => `<option value="${esc(c.value)}" ${c.value === f.default ? "selected" : ""}>${esc(c.label)}</option>`).join("");
      const label = esc(f.name === "suit_order" ? _("Equal numbers: suits rank") : _("Bonus cards count"));
      return `<label>${label} <select data-flag="${esc(f.name)}">${choices}</select> ${gaps}</label>`;
    }
    return `<label><input type="checkbox" data-flag="${esc(f.name)}" ${f.default ? "checked" : ""}> ${esc(f.alternative)} ${gaps}</label>`;
  }).join("");
}

// The form shows the chosen game's options only.
function gameChanged() {
  const chosen = game();
  for (const element of document.querySelectorAll(".only-bloodyinn")) element.hidden = chosen.id !== "bloodyinn";
  for (const element of document.querySelectorAll(".only-innkeepers")) element.hidden = chosen.id !== "innkeepers";
  const players = $("players").value;
  $("players").innerHTML = chosen.players.map((n) => `<option>${n}</option>`).join("");
  $("players").value = chosen.players.includes(Number(players)) ? players : "2";
  seatRows();
}

async function create(event) {
  event.preventDefault();
  const name = $("name").value.trim() || null;
  if (name) localStorage.setItem("bloodyinn:name", name);
  const seats = [...document.querySelectorAll("#seats select")].map((s) =>
    s.value === "human" ? { kind: "human" } : { kind: "bot", bot: s.value.slice(4) });
  const chosen = game();
  const own = chosen.id === "innkeepers"
    ? { flags: Object.fromEntries([...document.querySelectorAll("#flags [data-flag]")].map((i) => [i.dataset.flag, i.type === "checkbox" ? i.checked : i.value])) }
    : { length: document.querySelector("input[name=length]:checked").value,
      variants: [...document.querySelectorAll("#variants input:checked")].map((i) => i.value) };
  const body = {
    game: chosen.id,
    players: Number($("players").value),
    ...own,
    seats,
    clock: { mode: $("clock").value.split(":")[0], seconds: Number($("clock").value.split(":")[1]) },
    private: $("private").checked,
  };
  $("create-button").disabled = true;
  const response = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const created = await response.json();
  $("create-button").disabled = false;
  if (!response.ok) {
    $("create-error").innerHTML = `<div class="message error">${esc(created.message)}</div>`;
    return;
  }
  const id = created.table.id;
  const mine = created.table.seats.find((s) => s.open);
  if (!mine) {
    location.href = `/table/${encodeURIComponent(id)}`;
    return;
  }
  const joined = await fetch(`/api/tables/${encodeURIComponent(id)}/seats/${mine.seat}/join`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name, invite: created.invite }),
  }).then((r) => r.json());
  // The token goes to this browser's storage, never into the address bar (where it would be shared with the URL).
  localStorage.setItem(`bloodyinn:table:${id}`, JSON.stringify({ seat: joined.seat, token: joined.token }));
  location.href = `/table/${encodeURIComponent(id)}`;
}

function seatText(s, seats) {
  if (s.kind === "bot") return `${mark(s.seat)} ${esc(seatName(seats, s.seat))} <span class="badge bot-tag">${esc(_("bot"))}</span>`;
  return `${mark(s.seat)} ${s.open ? `<b>${esc(_("open"))}</b>` : `${esc(seatName(seats, s.seat))}${s.online ? ` · ${esc(_("online"))}` : ""}`}`;
}

function clockText(clock) {
  if (!clock || clock.mode === "none") return "";
  const s = clock.seconds;
  const time = s >= 86400 ? _("{n} d", { n: s / 86400 }) : s >= 3600 ? _("{n} h", { n: s / 3600 }) : s >= 60 ? _("{n} min", { n: s / 60 }) : _("{n} s", { n: s });
  return ` · ${esc(_("clock {time} a move", { time }))}`;
}

// A table's game and settings in words: the options that differ from the game's defaults.
function settingsText(t) {
  const chosen = gameById(t.game);
  if (chosen.id === "innkeepers") {
    const changed = chosen.flags.filter((f) => t.settings[f.name] !== f.default)
      .map((f) => (f.choices ? `${f.label} ${t.settings[f.name]}` : f.label));
    return `<b>${esc(chosen.title)}</b> · ${esc(_("{players}p", { players: t.settings.players }))}${changed.length ? ` · ${esc(changed.join(", "))}` : ""}`;
  }
  const length = t.settings.length === "long" ? _("long") : _("short");
  return `<b>${esc(chosen.title)}</b> · ${esc(_("{players}p", { players: t.settings.players }))} · ${esc(length)}${t.settings.variants.length ? ` · ${esc(t.settings.variants.map(variantName).join(", "))}` : ""}`;
}

const PAGE = 20;
let offset = 0;

async function refresh() {
  const only = $("filter").value ? `&game=${encodeURIComponent($("filter").value)}` : "";
  const response = await fetch(`/api/tables?limit=${PAGE}&offset=${offset}${only}`);
  const tables = await response.json();
  $("newer").disabled = offset === 0;
  $("older").disabled = !(response.headers.get("link") || "").includes('rel="next"');
  $("page-info").textContent = tables.length ? _("tables {first}-{last}", { first: offset + 1, last: offset + tables.length }) : "";
  $("tables").innerHTML = tables.length ? tables.map((t) => {
    const open = t.seats.filter((s) => s.open);
    const href = `/table/${encodeURIComponent(t.id)}`;
    const actions = t.over ? `<a href="${href}/replay">${esc(_("Replay"))}</a> · <a href="${href}">${esc(_("Score"))}</a>`
      : [...open.map((s) => `<a href="${href}?join=${s.seat}">${esc(_("Join as player {number}", { number: s.seat + 1 }))}</a>`), `<a href="${href}">${esc(_("Watch"))}</a>`].join(" · ");
    const practice = t.fairness.practice ? ` · <span title="${esc(_("its creator chose the deck"))}">${esc(_("practice"))}</span>` : "";
    return `<tr data-table="${esc(t.id)}" data-game="${esc(t.game)}"><td><code>${esc(t.id)}</code><br><small>${esc(dateTime(t.created_at))}</small></td>
      <td>${settingsText(t)}${clockText(t.clock)}${practice}</td>
      <td>${t.seats.map((s) => seatText(s, t.seats)).join("<br>")}</td><td>${t.moves}${t.over ? ` · ${esc(_("over"))}` : ""}</td><td>${actions}</td></tr>`;
  }).join("") : `<tr><td colspan="5">${esc(offset ? _("No more tables.") : _("No tables yet: create one."))}</td></tr>`;
}

async function start() {
  options = await fetch(`/api/options?lang=${encodeURIComponent(LANG)}`).then((r) => r.json());
  $("name").value ||= localStorage.getItem("bloodyinn:name") || "";  // never over a name typed while the page loaded
  $("variants").innerHTML = options.variants.map((v) =>
    `<label><input type="checkbox" value="${esc(v)}"> ${esc(variantName(v))}</label>`).join("");
  $("game").innerHTML = options.games.map((g) => `<option value="${esc(g.id)}">${esc(g.title)}</option>`).join("");
  $("filter").innerHTML += options.games.map((g) => `<option value="${esc(g.id)}">${esc(_("{game} only", { game: g.title }))}</option>`).join("");
  flagRows();
  $("game").addEventListener("change", gameChanged);
  $("filter").addEventListener("change", () => { offset = 0; refresh(); });
  $("players").addEventListener("change", seatRows);
  $("create").addEventListener("submit", create);
  gameChanged();
  $("newer").addEventListener("click", () => { offset = Math.max(0, offset - PAGE); refresh(); });
  $("older").addEventListener("click", () => { offset += PAGE; refresh(); });
  refresh();
  setInterval(refresh, 5000);
}

start();
