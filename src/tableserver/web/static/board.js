// Draws a view (`game.view(seat)` from the engine) as the inn board, the players' areas, the log and the result.
import { cardHtml, chip, esc, mark, names, plural, scoreTable, seatName, token, withNames } from "./common.js";

function keyToken(key, seats) {
  if (key === null) return '<span class="token white key-closed">closed</span>';
  if (key === "white") return '<span class="token white" title="White key">white<span class="sr-only"> key</span></span>';
  return token(key, "", seats);
}

function settingsText(settings) {
  const variants = settings.variants.map((v) => v.replaceAll("_", " "));
  return `${settings.length === "long" ? "Long" : "Short"} game${variants.length ? ` · ${variants.join(", ")}` : " · no variant"}`;
}

function stage(view) {
  return { place: "Welcome: place the traveler", night: "Night", gravedigger: "Gravedigger", release: "Wages" }[view.decision] || view.stage;
}

export function headerInfo(view, seats, me) {
  const turn = view.current_player;
  const whose = view.is_over ? "The game is over"
    : turn === me ? "Your turn" : `${seatName(seats, turn)} to decide`;
  return `<span class="pill" id="settings-pill">${esc(settingsText(view.settings))}</span>
    <span class="pill">Round ${view.round} · season ${view.season}${view.final_round ? " · final round" : ""}</span>
    ${view.is_over ? "" : `<span class="pill">${esc(stage(view))}</span>`}
    <span class="pill">First player: ${esc(seatName(seats, view.first_player))}</span>
    <span class="pill ${turn === me && !view.is_over ? "turn-you" : ""}" id="whose-turn">${esc(whose)}</span>`;
}

export function renderBoard(view, cat, seats) {
  const rooms = view.rooms.map((room) => {
    const closed = room.key === null;
    const service = room.room_service !== null ? `<span class="rs-label">Room Service:</span> ${token(room.room_service, "rs", seats)}` : "";
    const body = closed ? '<div class="empty">closed</div>'
      : room.guest ? cardHtml(cat, room.guest, { size: "small" }) : '<div class="empty">empty room</div>';
    return `<div class="room ${closed ? "closed" : ""}" data-room="${room.room}" aria-label="Room ${room.room}">
      <div class="room-head"><span class="room-no">Room ${room.room}</span>${keyToken(room.key, seats)}</div>
      ${service ? `<div class="room-head">${service}</div>` : ""}${body}</div>`;
  }).join("");
  const top = view.entrance.top ? cardHtml(cat, view.entrance.top, { size: "tiny" }) : '<div class="card-back">∅</div>';
  const arrival = view.arrival ? cardHtml(cat, view.arrival, { size: "small" }) : '<div class="count">nobody at the door</div>';
  const bistro = view.bistro.length ? view.bistro.map((c) => chip(cat, c)).join("") : '<span class="count">empty</span>';
  const exit = view.exit.length ? view.exit.map((c) => chip(cat, c)).join("") : '<span class="count">empty</span>';
  // Season 2: the stack is the old exit stack reshuffled, so everyone knows which cards are in it (not their order).
  const known = view.entrance.cards ? `<div class="zone known-entrance" id="entrance-cards"><div class="label">Still to arrive in season 2 · ${plural(view.entrance.cards.length, "card")}, order hidden</div>
    <div class="mini-list">${view.entrance.cards.map((c) => chip(cat, c)).join("") || '<span class="count">none</span>'}</div></div>` : "";
  return `<h2>The inn</h2>
  <div class="board-row">
    <div class="zone" aria-label="Entrance stack"><div class="label">Entrance · ${plural(view.entrance.size, "card")}</div>${top}
      <div class="count">culled unseen: ${view.culled}</div></div>
    <div class="zone" aria-label="Door"><div class="label">At the door</div>${arrival}</div>
    <div class="rooms">${rooms}</div>
  </div>
  <div class="board-row lower-row">
    <div class="zone"><div class="label">Bistro · ${plural(view.bistro.length, "peasant")}</div><div class="mini-list">${bistro}</div></div>
    <div class="zone"><div class="label">Exit stack · ${plural(view.exit.length, "card")}</div><div class="mini-list">${exit}</div></div>
    <div class="zone"><div class="label">Gravedigger</div><div class="count">${plural(view.gravedigger.length, "corpse")} taken away</div></div>
  </div>${known}`;
}

function annexHtml(cat, annex, seats) {
  const buried = annex.buried.length ? `buried: ${names(cat, annex.buried)}` : "nobody buried";
  const extra = `<div class="buried">${esc(buried)} · room for ${annex.free}</div>`;
  if (annex.annex.startsWith("barn.")) {
    const owner = Number(annex.annex.slice(5));
    return `<div class="card small barn" data-annex="${annex.annex}"><div class="band"><span class="type">Barn</span><span class="rank">rank 1</span></div>
      <div class="name">Barn of ${esc(seatName(seats, owner))}</div>${extra}</div>`;
  }
  return cardHtml(cat, annex.annex, { size: "small", extra });
}

export function renderPlayers(view, cat, seats, me) {
  const order = [...view.players];
  if (me !== null && me !== undefined) order.sort((a, b) => (a.seat === me ? -1 : b.seat === me ? 1 : a.seat - b.seat));
  return order.map((p) => {
    const seat = seats ? seats[p.seat] : null;
    const who = seat ? (seat.kind === "bot" ? `bot (${esc(seat.bot)})` : seat.open ? "open seat" : seat.online ? "online" : "away") : "";
    const hand = p.hand.length ? p.hand.map((c) => cardHtml(cat, c, { size: p.seat === me ? "" : "small" })).join("") : '<span class="count">no cards</span>';
    const annexes = [...p.annexes.map((a) => annexHtml(cat, a, seats)), annexHtml(cat, p.barn, seats)].join("");
    const corpses = p.corpses.length ? p.corpses.map((c) => cardHtml(cat, c, { size: "tiny", dead: true })).join("") : '<span class="count">none</span>';
    const bonus = p.end_bonus.length ? `<div class="count">end-game bonus: ${p.end_bonus.map(([a, n]) => `${esc(a)} +${n}F`).join(", ")}</div>` : "";
    return `<section class="panel player p${p.seat}c ${p.seat === me ? "me" : ""} ${view.current_player === p.seat ? "to-move" : ""}"
        data-seat="${p.seat}" aria-label="${esc(seatName(seats, p.seat))}">
      <div class="player-head">${mark(p.seat)}<span class="player-name">${esc(seatName(seats, p.seat))}${p.seat === me ? " (you)" : ""}</span>
        <span class="badge ${seat && !seat.online ? "off" : ""}">${who}</span>
        ${view.first_player === p.seat ? '<span class="badge first">First player</span>' : ""}
        <span class="money"><span>cash <b data-cash>${p.cash}F</b></span><span>checks <b data-checks>${p.checks}</b> <small data-checks-value>(${p.checks_value}F)</small></span></span></div>
      <h3>${p.seat === me ? "Your hand" : "Hand"} · ${plural(p.hand.length, "accomplice")}</h3><div class="card-list">${hand}</div>
      <h3>Annexes</h3><div class="card-list">${annexes}</div>
      <h3>Unburied corpses</h3><div class="card-list">${corpses}</div>${bonus}
    </section>`;
  }).join("");
}

const HEADINGS = { round: (e) => `Round ${e.amount}`, reshuffle: () => "Season 2", final_round: () => "Final round" };

// The log with a heading at each new round and season; seats are called by their names.
export function renderLog(events, seats) {
  return events.map((e) => {
    const heading = HEADINGS[e.kind] ? `<li class="log-head" role="heading" aria-level="3">${esc(HEADINGS[e.kind](e))}</li>` : "";
    return `${heading}<li class="${e.kind === "action" ? "act" : ""}">${esc(withNames(e.text, seats))}</li>`;
  }).join("");
}

export function renderResult(result, seats) {
  if (!result) return "";
  const bonus = (r) => r.end_bonus.reduce((sum, b) => sum + b.amount, 0);
  return `<h2>Final score</h2>
    ${scoreTable(result, seats, [
    ["Cash", (r) => `${r.cash}F`], ["Checks", (r) => `${r.checks} (${r.checks_value}F)`],
    ["End-game annexes", (r) => (bonus(r) ? `+${bonus(r)}F` : "—")],
    ["Corpses under own annexes (tie-break)", (r) => r.corpses_under_own_annexes], ["Total", (r) => `${r.total}F`]])}
    ${result.lost ? "<p>The solitaire game is lost: the police found unburied corpses.</p>" : ""}
    ${result.solo_title ? `<p>Title: <b>${esc(result.solo_title)}</b></p>` : ""}`;
}
