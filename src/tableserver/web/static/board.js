// Draws a view (`game.view(seat)` from the engine) as the inn board, the players' areas, the log and the result.
import { botName, cardHtml, chip, esc, mark, names, scoreTable, seatName, token, withNames } from "./common.js";
import { _, francs, ngettext } from "./i18n.js";

function keyToken(key, seats) {
  if (key === null) return `<span class="token white key-closed">${esc(_("closed"))}</span>`;
  if (key === "white") return `<span class="token white" title="${esc(_("White key"))}">${esc(_("white"))}<span class="sr-only"> ${esc(_("key"))}</span></span>`;
  return token(key, "", seats);
}

function settingsText(settings) {
  const variants = settings.variants.map(variantName);
  return `${settings.length === "long" ? _("Long game") : _("Short game")} · ${variants.length ? variants.join(", ") : _("no variant")}`;
}

// The variants of The Bloody Inn by their names in the rulebook.
const VARIANTS = { unlimited_wealth: () => _("Unlimited Wealth"), first_come_first_served: () => _("First come, first served") };
export const variantName = (id) => (VARIANTS[id] ? VARIANTS[id]() : id.replaceAll("_", " "));

function stage(view) {
  const stages = { place: () => _("Welcome: place the traveler"), night: () => _("Night"), gravedigger: () => _("Gravedigger"), release: () => _("Wages") };
  return stages[view.decision] ? stages[view.decision]() : view.stage;
}

export function headerInfo(view, seats, me) {
  const turn = view.current_player;
  const whose = view.is_over ? _("The game is over")
    : turn === me ? _("Your turn") : _("{name} to decide", { name: seatName(seats, turn) });
  const round = _("Round {round} · season {season}", { round: view.round, season: view.season });
  return `<span class="pill" id="settings-pill">${esc(settingsText(view.settings))}</span>
    <span class="pill">${esc(round)}${view.final_round ? ` · ${esc(_("final round"))}` : ""}</span>
    ${view.is_over ? "" : `<span class="pill">${esc(stage(view))}</span>`}
    <span class="pill">${esc(_("First player: {name}", { name: seatName(seats, view.first_player) }))}</span>
    <span class="pill ${turn === me && !view.is_over ? "turn-you" : ""}" id="whose-turn">${esc(whose)}</span>`;
}

export function renderBoard(view, cat, seats) {
  const rooms = view.rooms.map((room) => {
    const closed = room.key === null;
    const service = room.room_service !== null ? `<span class="rs-label">${esc(_("Room Service:"))}</span> ${token(room.room_service, "rs", seats)}` : "";
    const body = closed ? `<div class="empty">${esc(_("closed"))}</div>`
      : room.guest ? cardHtml(cat, room.guest, { size: "small" }) : `<div class="empty">${esc(_("empty room"))}</div>`;
    const label = esc(_("Room {room}", { room: room.room }));
    return `<div class="room ${closed ? "closed" : ""}" data-room="${room.room}" aria-label="${label}">
      <div class="room-head"><span class="room-no">${label}</span>${keyToken(room.key, seats)}</div>
      ${service ? `<div class="room-head">${service}</div>` : ""}${body}</div>`;
  }).join("");
  const top = view.entrance.top ? cardHtml(cat, view.entrance.top, { size: "tiny" }) : '<div class="card-back">∅</div>';
  const arrival = view.arrival ? cardHtml(cat, view.arrival, { size: "small" }) : `<div class="count">${esc(_("nobody at the door"))}</div>`;
  const empty = `<span class="count">${esc(_("empty"))}</span>`;
  const bistro = view.bistro.length ? view.bistro.map((c) => chip(cat, c)).join("") : empty;
  const exit = view.exit.length ? view.exit.map((c) => chip(cat, c)).join("") : empty;
  // Season 2: the stack is the old exit stack reshuffled, so everyone knows which cards are in it (not their order).
  const known = view.entrance.cards ? `<div class="zone known-entrance" id="entrance-cards"><div class="label">${esc(ngettext("Still to arrive in season 2 · {n} card, order hidden", "Still to arrive in season 2 · {n} cards, order hidden", view.entrance.cards.length))}</div>
    <div class="mini-list">${view.entrance.cards.map((c) => chip(cat, c)).join("") || `<span class="count">${esc(_("none"))}</span>`}</div></div>` : "";
  return `<h2>${esc(_("The inn"))}</h2>
  <div class="board-row">
    <div class="zone" aria-label="${esc(_("Entrance stack"))}"><div class="label">${esc(ngettext("Entrance · {n} card", "Entrance · {n} cards", view.entrance.size))}</div>${top}
      <div class="count">${esc(_("culled unseen: {n}", { n: view.culled }))}</div></div>
    <div class="zone" aria-label="${esc(_("Door"))}"><div class="label">${esc(_("At the door"))}</div>${arrival}</div>
    <div class="rooms">${rooms}</div>
  </div>
  <div class="board-row lower-row">
    <div class="zone"><div class="label">${esc(ngettext("Bistro · {n} peasant", "Bistro · {n} peasants", view.bistro.length))}</div><div class="mini-list">${bistro}</div></div>
    <div class="zone"><div class="label">${esc(ngettext("Exit stack · {n} card", "Exit stack · {n} cards", view.exit.length))}</div><div class="mini-list">${exit}</div></div>
    <div class="zone"><div class="label">${esc(_("Gravedigger"))}</div><div class="count">${esc(ngettext("{n} corpse taken away", "{n} corpses taken away", view.gravedigger.length))}</div></div>
  </div>${known}`;
}

function annexHtml(cat, annex, seats) {
  const buried = annex.buried.length ? _("buried: {names}", { names: names(cat, annex.buried) }) : _("nobody buried");
  const extra = `<div class="buried">${esc(buried)} · ${esc(_("room for {n}", { n: annex.free }))}</div>`;
  if (annex.annex.startsWith("barn.")) {
    const owner = Number(annex.annex.slice(5));
    return `<div class="card small barn" data-annex="${annex.annex}"><div class="band"><span class="type">${esc(_("Barn"))}</span><span class="rank">${esc(_("rank {rank}", { rank: 1 }))}</span></div>
      <div class="name">${esc(_("Barn of {name}", { name: seatName(seats, owner) }))}</div>${extra}</div>`;
  }
  return cardHtml(cat, annex.annex, { size: "small", extra });
}

export function renderPlayers(view, cat, seats, me) {
  const order = [...view.players];
  if (me !== null && me !== undefined) order.sort((a, b) => (a.seat === me ? -1 : b.seat === me ? 1 : a.seat - b.seat));
  return order.map((p) => {
    const seat = seats ? seats[p.seat] : null;
    const who = seat ? esc(seatState(seat)) : "";
    const hand = p.hand.length ? p.hand.map((c) => cardHtml(cat, c, { size: p.seat === me ? "" : "small" })).join("") : `<span class="count">${esc(_("no cards"))}</span>`;
    const annexes = [...p.annexes.map((a) => annexHtml(cat, a, seats)), annexHtml(cat, p.barn, seats)].join("");
    const corpses = p.corpses.length ? p.corpses.map((c) => cardHtml(cat, c, { size: "tiny", dead: true })).join("") : `<span class="count">${esc(_("none"))}</span>`;
    const bonus = p.end_bonus.length ? `<div class="count">${esc(_("end-game bonus: {bonuses}", { bonuses: p.end_bonus.map(([a, n]) => `${annexOf(cat, a)} +${francs(n)}`).join(", ") }))}</div>` : "";
    return `<section class="panel player p${p.seat}c ${p.seat === me ? "me" : ""} ${view.current_player === p.seat ? "to-move" : ""}"
        data-seat="${p.seat}" aria-label="${esc(seatName(seats, p.seat))}">
      <div class="player-head">${mark(p.seat)}<span class="player-name" data-deciding="${esc(_("deciding now"))}">${esc(seatName(seats, p.seat))}${p.seat === me ? ` ${esc(_("(you)"))}` : ""}</span>
        <span class="badge ${seat && !seat.online ? "off" : ""}">${who}</span>
        ${view.first_player === p.seat ? `<span class="badge first">${esc(_("First player"))}</span>` : ""}
        <span class="money"><span>${esc(_("cash"))} <b data-cash>${esc(francs(p.cash))}</b></span><span>${esc(_("checks"))} <b data-checks>${p.checks}</b> <small data-checks-value>(${esc(francs(p.checks_value))})</small></span></span></div>
      <h3>${esc(p.seat === me ? ngettext("Your hand · {n} accomplice", "Your hand · {n} accomplices", p.hand.length) : ngettext("Hand · {n} accomplice", "Hand · {n} accomplices", p.hand.length))}</h3><div class="card-list">${hand}</div>
      <h3>${esc(_("Annexes"))}</h3><div class="card-list">${annexes}</div>
      <h3>${esc(_("Unburied corpses"))}</h3><div class="card-list">${corpses}</div>${bonus}
    </section>`;
  }).join("");
}

// A seat at the table, next to its name: a bot's level, an open seat, its person online or away.
export function seatState(seat) {
  if (seat.kind === "bot") return _("bot ({level})", { level: botName(seat.bot) });
  return seat.open ? _("open seat") : seat.online ? _("online") : _("away");
}


// An annex by its id (the view names end-game bonuses so), in the card table's words.
function annexOf(cat, id) {
  const occ = Object.values(cat.occupations).find((o) => o.annex_id === id);
  return occ ? occ.annex : id;
}

const HEADINGS = { round: (e) => _("Round {round}", { round: e.amount }), reshuffle: () => _("Season 2"), final_round: () => _("Final round") };

// The log with a heading at each new round and season; the server wrote each line in this page's language;
// seats are called by their names.
export function renderLog(events, seats) {
  return events.map((e) => {
    const heading = HEADINGS[e.kind] ? `<li class="log-head" role="heading" aria-level="3">${esc(HEADINGS[e.kind](e))}</li>` : "";
    return `${heading}<li class="${e.kind === "action" ? "act" : ""}">${esc(withNames(e.text, seats))}</li>`;
  }).join("");
}

export function renderResult(result, seats) {
  if (!result) return "";
  const bonus = (r) => r.end_bonus.reduce((sum, b) => sum + b.amount, 0);
  return `<h2>${esc(_("Final score"))}</h2>
    ${scoreTable(result, seats, [
    [_("Cash"), (r) => francs(r.cash)], [_("Checks"), (r) => `${r.checks} (${francs(r.checks_value)})`],
    [_("End-game annexes"), (r) => (bonus(r) ? `+${francs(bonus(r))}` : "—")],
    [_("Corpses under own annexes (tie-break)"), (r) => r.corpses_under_own_annexes], [_("Total"), (r) => francs(r.total)]])}
    ${result.lost ? `<p>${esc(_("The solitaire game is lost: the police found unburied corpses."))}</p>` : ""}
    ${result.solo_title ? `<p>${esc(_("Title:"))} <b>${esc(result.solo_title)}</b></p>` : ""}`;
}
