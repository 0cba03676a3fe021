// The Innkeepers table: draws a seat's view (`game.view(seat)` of the innkeepers engine) and offers the legal
// actions the server sent. Nothing here knows the rules: every choice comes from the server, and hidden cards
// are simply absent from the view (another seat's committed card is null until the reveal).
import { esc, leavingRanksLast, mark, scoreTable, seatName, withNames } from "./common.js";
import { seatState } from "./board.js";
import { _, ngettext } from "./i18n.js";

const SUIT = { s: "♠", h: "♥", d: "♦", c: "♣" };
const words = (table) => (key) => (table[key] ? table[key]() : key);
const suitName = words({ s: () => _("Spades"), h: () => _("Hearts"), d: () => _("Diamonds"), c: () => _("Clubs") });
const amenityName = words({ pool: () => _("Pool"), spa: () => _("Spa"), restaurant: () => _("Restaurant"), gym: () => _("Gym"), standard: () => _("Standard") });
const amenityShort = words({ pool: () => _("Pool"), spa: () => _("Spa"), restaurant: () => _("Rest."), gym: () => _("Gym"), standard: () => _("Std") });
const stageName = words({
  play: () => _("Everyone chooses a card"), place: () => _("The winner places the customer"), host: () => _("Referral: the host picks a room"),
  second: () => _("Second place's action"), pick: () => _("Choosing the next customer"), refill: () => _("Refill: keep or new hand"),
});

const red = (suit) => suit === "h" || suit === "d";

// A playing card such as "7s": number and suit symbol, the suit also named in the tooltip.
export function playingCard(id, extra = "") {
  if (!id) return "";
  const suit = id.slice(-1);
  return `<span class="pc ${red(suit) ? "red" : ""} ${extra}" data-card="${esc(id)}" title="${esc(_("{number} of {suit}", { number: id.slice(0, -1), suit: suitName(suit) }))}">${esc(id.slice(0, -1))}${SUIT[suit]}</span>`;
}

// A customer such as "lux-h-spa": Luxury (highest number wins) or Budget (lowest), suit, wanted amenity.
export function customer(id, size = "") {
  if (!id) return "";
  const [type, suit, amenity] = id.split("-");
  const title = type === "lux" ? _("Luxury {suit} customer wanting the {amenity}", { suit: suitName(suit), amenity: amenityName(amenity) })
    : _("Budget {suit} customer wanting the {amenity}", { suit: suitName(suit), amenity: amenityName(amenity) });
  return `<span class="customer ${type} ${size}" data-customer="${esc(id)}" title="${esc(title)}">
    <b>${esc(type === "lux" ? _("LUX") : _("BUD"))}</b> <span class="${red(suit) ? "red" : ""}">${SUIT[suit]}</span> ${esc((size === "small" ? amenityShort : amenityName)(amenity))}</span>`;
}

const plainNames = (seats, list) => list.map((s) => seatName(seats, s)).join(", ");

export function inkHeader(view, table, me) {
  const pending = table.pending || [];
  const whose = view.is_over ? esc(_("The game is over"))
    : pending.includes(me) ? (pending.length > 1 ? esc(_("Your turn (with {names})", { names: plainNames(table.seats, pending.filter((s) => s !== me)) || _("nobody") })) : esc(_("Your turn")))
      : esc(_("{names} to decide", { names: plainNames(table.seats, pending) }));
  return `<span class="pill" id="settings-pill">${esc(_("Innkeepers · {players} players", { players: view.settings.players }))}</span>
    <span class="pill">${esc(_("Trick {trick} of 32 · hand {hand}", { trick: view.trick, hand: view.hand }))}</span>
    ${view.is_over ? "" : `<span class="pill">${esc(stageName(view.stage))}</span>`}
    <span class="pill ${pending.includes(me) && !view.is_over ? "turn-you" : ""}" id="whose-turn">${whose}</span>`;
}

// The middle of the table: the customer the trick is for, the cards chosen (hidden until all have chosen).
export function inkBoard(view, seats) {
  const cards = view.players.map((p) => {
    const shown = p.card ? playingCard(p.card, "big")
      : p.committed ? `<span class="pc back" title="${esc(_("chosen, face down"))}">?</span>`
        : view.stage === "play" ? `<span class="count">${esc(_("choosing…"))}</span>` : '<span class="count">—</span>';
    const role = view.winner === p.seat ? `<span class="badge first">${esc(_("wins"))}</span>` : view.second === p.seat ? `<span class="badge">${esc(_("second"))}</span>`
      : view.host === p.seat ? `<span class="badge">${esc(_("host"))}</span>` : "";
    return `<div class="trick-seat" data-trick-seat="${p.seat}">${mark(p.seat)} <span>${esc(seatName(seats, p.seat))}</span> ${shown} ${role}</div>`;
  }).join("");
  const last = view.log.length ? view.log[view.log.length - 1] : null;
  const lastTrick = last && (view.stage === "play" || view.stage === "refill") ? `<div class="count">${esc(_("Last trick ({trick}):", { trick: last.trick }))} ${customer(last.customer, "small")}
    ${esc(_("won by {name} with", { name: seatName(seats, last.winner) }))} ${playingCard(last.cards[last.winner])}</div>` : "";
  return `<h2>${esc(_("The trick"))}</h2>
  <div class="board-row ink-row">
    <div class="zone" aria-label="${esc(_("Customer"))}"><div class="label">${esc(_("Customer for trick {trick}", { trick: view.trick }))}</div>${view.customer ? customer(view.customer, "big") : `<span class="count">${esc(_("being placed"))}</span>`}</div>
    <div class="zone trick" aria-label="${esc(_("Cards played"))}"><div class="label">${esc(_("Cards"))}</div>${cards}</div>
    <div class="zone"><div class="label">${esc(_("Piles"))}</div><div class="count">${esc(_("customer deck: {n}", { n: view.deck.size }))}</div>
      <div class="count">${esc(_("draw pile: {n}", { n: view.draw_pile }))}</div><div class="count">${esc(_("discards: {n}", { n: view.discard.length }))}</div>
      ${view.drawn ? `<div class="count">${esc(_("you drew:"))} ${view.drawn.map((c) => customer(c, "small")).join(" ")}</div>` : ""}</div>
  </div>
  <p class="win-order">${esc(_("Luxury: highest number wins · Budget: lowest number wins · the customer's suit beats other suits · equal numbers: {suits}", { suits: suitOrder(view.settings.suit_order) }))}</p>${lastTrick}`;
}

const markerName = words({ meeple: () => _("meeple"), cube: () => _("cube") });

function room(r, seats) {
  const kind = r.marker ? markerName(r.marker.kind) : "";
  const marker = r.marker ? `<span class="token p${r.marker.seat}" title="${esc(_("{name}'s {marker}", { name: seatName(seats, r.marker.seat), marker: kind }))}">${esc(kind)}</span>` : "";
  const by = r.referrer !== null && r.referrer !== undefined
    ? (r.upgraded ? _("referred by {name}, upgraded", { name: seatName(seats, r.referrer) }) : _("referred by {name}", { name: seatName(seats, r.referrer) })) : "";
  const referral = by ? `<span class="count">${esc(by)}</span>` : "";
  const body = r.customer ? `${playingCard(r.card)} ${customer(r.customer, "small")} ${marker} ${referral}` : `<span class="count">${esc(_("empty"))}</span>`;
  return `<div class="hroom ${r.amenity}" data-room="${r.room}" aria-label="${esc(_("Room {room}, {amenity}", { room: r.room, amenity: amenityName(r.amenity) }))}"><div class="hroom-head"><b>${r.room}</b> ${esc(amenityShort(r.amenity))}</div>${body}</div>`;
}

// A hotel board: three floors of five rooms, the top floor first (as the board stands).
function hotel(board, seats) {
  const floors = [board.slice(10, 15), board.slice(5, 10), board.slice(0, 5)];
  return `<div class="hotel">${floors.map((f) => f.map((r) => room(r, seats)).join("")).join("")}</div>`;
}

function bonusText(id) {
  if (!id) return "";
  const [kind, suit] = id.split("-");
  return kind === "penthouse" ? _("Penthouse {symbol}: +2 per {suit} customer on the top floor", { symbol: SUIT[suit], suit: suitName(suit) })
    : _("Lobby {symbol}: +2 per {suit} customer on the ground floor", { symbol: SUIT[suit], suit: suitName(suit) });
}

export function inkPlayers(view, seats, me, pending) {
  const order = [...view.players];
  if (me !== null && me !== undefined) order.sort((a, b) => (a.seat === me ? -1 : b.seat === me ? 1 : a.seat - b.seat));
  return order.map((p) => {
    const seat = seats ? seats[p.seat] : null;
    const who = seat ? esc(seatState(seat)) : "";
    const hand = p.hand ? `<h3>${esc(ngettext("Your hand · {n} card", "Your hand · {n} cards", p.hand.length))}</h3><div class="hand" id="hand">${p.hand.map((c) => playingCard(c, "big")).join("")}</div>`
      : `<div class="count">${esc(ngettext("{n} card in hand", "{n} cards in hand", p.hand_size))}</div>`;
    const kept = p.kept.length ? `<div class="count">${esc(_("kept for −1:"))} ${p.kept.map((c) => customer(c, "small")).join(" ")}</div>` : "";
    const bonus = p.bonus ? `<div class="count" data-bonus>${esc(_("Bonus card:"))} <b>${esc(bonusText(p.bonus))}</b> ${esc(_("(now +{points})", { points: p.bonus_points }))}</div>` : "";
    const refill = p.refill ? `<div class="count">${esc(p.refill === "new" ? _("refill chosen: new hand of 7") : _("refill chosen: keep and draw"))}</div>` : "";
    return `<section class="panel player p${p.seat}c ${p.seat === me ? "me" : ""} ${pending.includes(p.seat) ? "to-move" : ""}"
        data-seat="${p.seat}" aria-label="${esc(seatName(seats, p.seat))}">
      <div class="player-head">${mark(p.seat)}<span class="player-name" data-deciding="${esc(_("deciding now"))}">${esc(seatName(seats, p.seat))}${p.seat === me ? ` ${esc(_("(you)"))}` : ""}</span>
        <span class="badge ${seat && !seat.online ? "off" : ""}">${who}</span>
        <span class="money"><span>${esc(_("score"))} <b data-score>${p.score}</b>${p.bonus_points === null && !view.is_over ? ` <small>${esc(_("+ secret bonus"))}</small>` : ""}</span></span></div>
      ${hand}${bonus}${refill}
      <h3>${esc(_("Hotel"))}</h3>${hotel(p.board, seats)}${kept}
    </section>`;
  }).join("");
}

// The log in plain words, a heading at each trick; seats are called by their names.
export function inkLog(events, seats) {
  return events.map((e) => {
    const heading = e.kind === "trick" ? `<li class="log-head" role="heading" aria-level="3">${esc(_("Trick {trick}", { trick: e.amount }))}</li>` : "";
    return `${heading}<li class="${e.kind === "action" ? "act" : ""}">${esc(withNames(e.text, seats))}</li>`;
  }).join("");
}

export function inkResult(result, seats) {
  const winners = result.winners.map((s) => seatName(seats, s)).join(_(" and "));
  const verdict = result.winners.length > 1 ? _("Shared win: {names}.", { names: winners }) : result.winners.length ? _("{name} wins.", { name: winners })
    : _("Nobody wins: every player left the game to a bot.");
  return `<h2>${esc(_("Final score"))}</h2><p id="winners">${esc(verdict)}</p>
    ${scoreTable(result, seats, [
    [_("Meeples (matched amenity)"), (r) => `${r.meeples} (+${3 * r.meeples})`], [_("Cubes"), (r) => `${r.cubes} (+${2 * r.cubes})`],
    [_("Referrals hosted"), (r) => esc(_("{hosted} · {upgraded} upgraded (+{points})", { hosted: r.hosted, upgraded: r.upgraded, points: r.hosted + 2 * r.upgraded }))],
    [_("Referrals made"), (r) => `${r.referrals} (+${r.referrals})`], [_("Kept customers"), (r) => (r.penalties ? `−${r.penalties}` : "0")],
    [_("Bonus card"), (r) => `${esc(bonusText(r.bonus_card))}: +${r.bonus}`], [_("Total"), (r) => r.total]])}`;
}

function suitOrder(order) {
  return [...order].map((s) => SUIT[s]).join(" > ");
}

// The rules in plain words (the server words them for this table's settings) and every assumption, each marked
// as played at this table or switched by a flag.
export function inkRules(settings, game, paragraphs) {
  const defaults = Object.fromEntries(game.flags.map((f) => [f.name, f.default]));
  const rows = game.assumptions.map((a) => {
    let here = `<span class="badge on">${esc(_("on"))}</span>`;
    let plays = esc(a.default);
    if (a.flag_name === "players") {
      plays = esc(_("{players} players (2 to 4)", { players: settings.players }));
    } else if (a.flag_name && settings[a.flag_name] !== defaults[a.flag_name]) {
      here = `<span class="badge off-flag">${esc(_("off"))}</span>`;
      const value = a.flag_name === "suit_order" ? ` (${suitOrder(settings.suit_order)})` : "";
      plays = `${esc(_("instead:"))} ${esc(a.alternative)}${value} <code>${esc(a.flag_name)}</code>`;
    } else if (a.flag_name) {
      plays += ` <small>(${esc(_("can be switched:"))} <code>${esc(a.flag_name)}</code>)</small>`;
    }
    return `<tr data-assumption="${esc(a.id)}"><td>${esc(a.id)}</td><td>${esc(a.question)}</td><td>${here}</td><td>${plays}</td></tr>`;
  }).join("");
  return `<summary><h2>${esc(_("Rules"))}</h2></summary>
    <ul id="rules-text">${paragraphs.map((p) => `<li>${esc(p)}</li>`).join("")}</ul>
    <p id="ranking-rule">${esc(leavingRanksLast())}</p>
    <h3>${esc(_("Assumptions at this table"))}</h3>
    <p>${esc(_("The rulebook draft leaves these questions open. on: this table plays the edition's default; off: a flag switched it."))}</p>
    <div class="scroll-x"><table class="assumptions"><thead><tr><th>${esc(_("Gap"))}</th><th>${esc(_("Question"))}</th><th>${esc(_("Here"))}</th><th>${esc(_("What this table plays"))}</th></tr></thead>
    <tbody>${rows}</tbody></table></div>`;
}

const title = words({ play: () => _("Choose your card"), place: () => _("Place the customer"), refer: () => _("Refer the customer"),
  refuse: () => _("Refuse"), choose: () => _("Choose the next customer"), pick: () => _("Pick the next customer"),
  upgrade: () => _("Upgrade a referral"), relocate: () => _("Relocate a customer"), pass: () => _("Pass"), refill: () => _("Refill your hand") });

// The move panel: one button per legal action (the engine's description), then Confirm. Cards in the hand and
// rooms of one's own hotel are buttons too when they are part of a legal action.
export class InkMenu {
  constructor(root, { onSubmit }) {
    this.root = root;
    this.onSubmit = onSubmit;
    this.items = [];
    this.selectedText = null;
    this.busy = false;
    this.message = null;
  }

  setChoices(choices, view, _catalog, seats, key) {
    if (key === this.key) return;
    this.key = key;
    this.seats = seats;
    // Another seat committing changes the move number, not this seat's choices: a selection still offered stays.
    const same = choices.length === this.items.length && choices.every((c, i) => c.text === this.items[i].text);
    this.items = choices;
    if (!same) {
      this.selectedText = null;
      this.busy = false;
    }
    this.render();
  }

  choose(text) {
    if (this.busy || !this.items.some((c) => c.text === text)) return;
    this.selectedText = text;
    this.message = null;
    this.render();
  }

  showPreview() {}

  fail(message) {
    this.busy = false;
    this.message = message;
    this.render();
  }

  back() {
    if (this.busy) return;
    this.selectedText = null;
    this.render();
  }

  label(form) {
    const text = withNames(form.description, this.seats);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  render() {
    const root = this.root;
    if (!this.items.length) {
      root.innerHTML = "";
      return;
    }
    const message = this.message ? `<div class="message error" role="alert">${esc(withNames(this.message, this.seats))}</div>` : "";
    const chosen = this.items.find((c) => c.text === this.selectedText);
    if (chosen) {
      root.innerHTML = `<div class="confirm-box" data-action="${esc(chosen.text)}"><div class="desc" id="action-description">${esc(this.label(chosen))}</div>
        <div class="row"><button class="btn" id="confirm" ${this.busy ? "disabled" : ""}><kbd>Enter</kbd>${esc(_("Confirm"))}</button>
        <button class="btn secondary" id="back" ${this.busy ? "disabled" : ""}><kbd>Esc</kbd>${esc(_("Back"))}</button></div></div>${message}`;
      root.querySelector("#confirm").addEventListener("click", () => this.confirm());
      root.querySelector("#back").addEventListener("click", () => this.back());
      root.querySelector("#confirm").focus();
      return;
    }
    const kinds = [...new Set(this.items.map((c) => c.kind))];
    const heading = kinds.length === 1 ? title(kinds[0]) : _("Choose");
    const buttons = this.items.map((c, i) => `<button class="choice" data-text="${esc(c.text)}">${i < 9 ? `<kbd>${i + 1}</kbd>` : ""}${esc(this.label(c))}</button>`).join("");
    root.innerHTML = `<div class="crumbs"><b>${esc(heading)}</b></div><div class="choices" role="group" aria-label="${esc(heading)}">${buttons}</div>${message}`;
    root.querySelectorAll(".choice").forEach((b) => b.addEventListener("click", () => this.choose(b.dataset.text)));
  }

  confirm() {
    if (!this.selectedText || this.busy) return;
    this.busy = true;
    this.message = null;
    this.render();
    this.onSubmit(this.selectedText);
  }

  handleKey(event) {
    if (!this.items.length || event.target.matches("input, textarea, select")) return;
    if (event.key === "Escape") { this.back(); event.preventDefault(); return; }
    if (/^[1-9]$/.test(event.key) && !this.selectedText) {
      const button = this.root.querySelectorAll(".choice")[Number(event.key) - 1];
      if (button) { button.click(); event.preventDefault(); }
    }
  }
}

// Cards in one's hand and rooms of one's hotel that a legal action names become buttons selecting it.
export function markInkTargets(choices, menu, me) {
  const clickable = (element, text, label) => {
    element.classList.add("placeable");
    element.tabIndex = 0;
    element.setAttribute("role", "button");
    element.setAttribute("aria-label", label);
    element.addEventListener("click", () => menu.choose(text));
    element.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); event.stopPropagation(); menu.choose(text); }
    });
  };
  for (const form of choices) {
    if (form.kind === "play") {
      const card = document.querySelector(`#hand [data-card="${form.card}"]`);
      if (card) clickable(card, form.text, _("Play {card}", { card: form.card }));
    } else if (form.kind === "place") {
      const room = document.querySelector(`.player[data-seat="${me}"] [data-room="${form.room}"]`);
      if (room) clickable(room, form.text, _("Place the customer in room {room}", { room: form.room }));
    }
  }
}
