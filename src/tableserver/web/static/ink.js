// The Innkeepers table: draws a seat's view (`game.view(seat)` of the innkeepers engine) and offers the legal
// actions the server sent. Nothing here knows the rules: every choice comes from the server, and hidden cards
// are simply absent from the view (another seat's committed card is null until the reveal).
import { LEAVING_RANKS_LAST, esc, mark, scoreTable, seatName, withNames } from "./common.js";

const SUIT = { s: "♠", h: "♥", d: "♦", c: "♣" };
const SUIT_NAME = { s: "Spades", h: "Hearts", d: "Diamonds", c: "Clubs" };
const AMENITY = { pool: "Pool", spa: "Spa", restaurant: "Restaurant", gym: "Gym", standard: "Standard" };
const SHORT = { pool: "Pool", spa: "Spa", restaurant: "Rest.", gym: "Gym", standard: "Std" };
const STAGE = {
  play: "Everyone chooses a card", place: "The winner places the customer", host: "Referral: the host picks a room",
  second: "Second place's action", pick: "Choosing the next customer", refill: "Refill: keep or new hand",
};

const red = (suit) => suit === "h" || suit === "d";

// A playing card such as "7s": number and suit symbol, the suit also named in the tooltip.
export function playingCard(id, extra = "") {
  if (!id) return "";
  const suit = id.slice(-1);
  return `<span class="pc ${red(suit) ? "red" : ""} ${extra}" data-card="${esc(id)}" title="${esc(id.slice(0, -1))} of ${SUIT_NAME[suit]}">${esc(id.slice(0, -1))}${SUIT[suit]}</span>`;
}

// A customer such as "lux-h-spa": Luxury (highest number wins) or Budget (lowest), suit, wanted amenity.
export function customer(id, size = "") {
  if (!id) return "";
  const [type, suit, amenity] = id.split("-");
  const kind = type === "lux" ? "Luxury" : "Budget";
  return `<span class="customer ${type} ${size}" data-customer="${esc(id)}" title="${kind} ${SUIT_NAME[suit]} customer wanting the ${AMENITY[amenity]}">
    <b>${type === "lux" ? "LUX" : "BUD"}</b> <span class="${red(suit) ? "red" : ""}">${SUIT[suit]}</span> ${esc((size === "small" ? SHORT : AMENITY)[amenity])}</span>`;
}

const names = (seats, list) => list.map((s) => esc(seatName(seats, s))).join(", ");

export function inkHeader(view, table, me) {
  const pending = table.pending || [];
  const whose = view.is_over ? "The game is over"
    : pending.includes(me) ? (pending.length > 1 ? `Your turn (with ${names(table.seats, pending.filter((s) => s !== me)) || "nobody"})` : "Your turn")
      : `${names(table.seats, pending)} to decide`;
  return `<span class="pill" id="settings-pill">Innkeepers · ${view.settings.players} players</span>
    <span class="pill">Trick ${view.trick} of 32 · hand ${view.hand}</span>
    ${view.is_over ? "" : `<span class="pill">${esc(STAGE[view.stage] || view.stage)}</span>`}
    <span class="pill ${pending.includes(me) && !view.is_over ? "turn-you" : ""}" id="whose-turn">${whose}</span>`;
}

// The middle of the table: the customer the trick is for, the cards chosen (hidden until all have chosen).
export function inkBoard(view, seats) {
  const cards = view.players.map((p) => {
    const shown = p.card ? playingCard(p.card, "big")
      : p.committed ? '<span class="pc back" title="chosen, face down">?</span>'
        : view.stage === "play" ? '<span class="count">choosing…</span>' : '<span class="count">—</span>';
    const role = view.winner === p.seat ? '<span class="badge first">wins</span>' : view.second === p.seat ? '<span class="badge">second</span>'
      : view.host === p.seat ? '<span class="badge">host</span>' : "";
    return `<div class="trick-seat" data-trick-seat="${p.seat}">${mark(p.seat)} <span>${esc(seatName(seats, p.seat))}</span> ${shown} ${role}</div>`;
  }).join("");
  const last = view.log.length ? view.log[view.log.length - 1] : null;
  const lastTrick = last && (view.stage === "play" || view.stage === "refill") ? `<div class="count">Last trick (${last.trick}): ${customer(last.customer, "small")} won by
    ${esc(seatName(seats, last.winner))} with ${playingCard(last.cards[last.winner])}</div>` : "";
  return `<h2>The trick</h2>
  <div class="board-row ink-row">
    <div class="zone" aria-label="Customer"><div class="label">Customer for trick ${view.trick}</div>${view.customer ? customer(view.customer, "big") : '<span class="count">being placed</span>'}</div>
    <div class="zone trick" aria-label="Cards played"><div class="label">Cards</div>${cards}</div>
    <div class="zone"><div class="label">Piles</div><div class="count">customer deck: ${view.deck.size}</div>
      <div class="count">draw pile: ${view.draw_pile}</div><div class="count">discards: ${view.discard.length}</div>
      ${view.drawn ? `<div class="count">you drew: ${view.drawn.map((c) => customer(c, "small")).join(" ")}</div>` : ""}</div>
  </div>
  <p class="win-order">${esc(view.win_order)}</p>${lastTrick}`;
}

function room(r, seats) {
  const marker = r.marker ? `<span class="token p${r.marker.seat}" title="${esc(seatName(seats, r.marker.seat))}'s ${r.marker.kind}">${r.marker.kind}</span>` : "";
  const referral = r.referrer !== null && r.referrer !== undefined ? `<span class="count">referred by ${esc(seatName(seats, r.referrer))}${r.upgraded ? ", upgraded" : ""}</span>` : "";
  const body = r.customer ? `${playingCard(r.card)} ${customer(r.customer, "small")} ${marker} ${referral}` : '<span class="count">empty</span>';
  return `<div class="hroom ${r.amenity}" data-room="${r.room}" aria-label="Room ${r.room}, ${AMENITY[r.amenity]}"><div class="hroom-head"><b>${r.room}</b> ${SHORT[r.amenity]}</div>${body}</div>`;
}

// A hotel board: three floors of five rooms, the top floor first (as the board stands).
function hotel(board, seats) {
  const floors = [board.slice(10, 15), board.slice(5, 10), board.slice(0, 5)];
  return `<div class="hotel">${floors.map((f) => f.map((r) => room(r, seats)).join("")).join("")}</div>`;
}

function bonusText(id) {
  if (!id) return "";
  const [kind, suit] = id.split("-");
  return `${kind === "penthouse" ? "Penthouse" : "Lobby"} ${SUIT[suit]}: +2 per ${SUIT_NAME[suit]} customer on the ${kind === "penthouse" ? "top" : "ground"} floor`;
}

export function inkPlayers(view, seats, me, pending) {
  const order = [...view.players];
  if (me !== null && me !== undefined) order.sort((a, b) => (a.seat === me ? -1 : b.seat === me ? 1 : a.seat - b.seat));
  return order.map((p) => {
    const seat = seats ? seats[p.seat] : null;
    const who = seat ? (seat.kind === "bot" ? `bot (${esc(seat.bot)})` : seat.open ? "open seat" : seat.online ? "online" : "away") : "";
    const hand = p.hand ? `<h3>Your hand · ${p.hand.length} cards</h3><div class="hand" id="hand">${p.hand.map((c) => playingCard(c, "big")).join("")}</div>`
      : `<div class="count">${p.hand_size} cards in hand</div>`;
    const kept = p.kept.length ? `<div class="count">kept for −1: ${p.kept.map((c) => customer(c, "small")).join(" ")}</div>` : "";
    const bonus = p.bonus ? `<div class="count" data-bonus>Bonus card: <b>${esc(bonusText(p.bonus))}</b> (now +${p.bonus_points})</div>` : "";
    const refill = p.refill ? `<div class="count">refill chosen: ${p.refill === "new" ? "new hand of 7" : "keep and draw"}</div>` : "";
    return `<section class="panel player p${p.seat}c ${p.seat === me ? "me" : ""} ${pending.includes(p.seat) ? "to-move" : ""}"
        data-seat="${p.seat}" aria-label="${esc(seatName(seats, p.seat))}">
      <div class="player-head">${mark(p.seat)}<span class="player-name">${esc(seatName(seats, p.seat))}${p.seat === me ? " (you)" : ""}</span>
        <span class="badge ${seat && !seat.online ? "off" : ""}">${who}</span>
        <span class="money"><span>score <b data-score>${p.score}</b>${p.bonus_points === null && !view.is_over ? " <small>+ secret bonus</small>" : ""}</span></span></div>
      ${hand}${bonus}${refill}
      <h3>Hotel</h3>${hotel(p.board, seats)}${kept}
    </section>`;
  }).join("");
}

// The log in plain words, a heading at each trick; seats are called by their names.
export function inkLog(events, seats) {
  return events.map((e) => {
    const heading = e.kind === "trick" ? `<li class="log-head" role="heading" aria-level="3">Trick ${e.amount}</li>` : "";
    return `${heading}<li class="${e.kind === "action" ? "act" : ""}">${esc(withNames(e.text, seats))}</li>`;
  }).join("");
}

export function inkResult(result, seats) {
  const winners = result.winners.map((s) => esc(seatName(seats, s))).join(" and ");
  const verdict = result.winners.length > 1 ? `Shared win: ${winners}.` : result.winners.length ? `${winners} wins.`
    : "Nobody wins: every player left the game to a bot.";
  return `<h2>Final score</h2><p id="winners">${verdict}</p>
    ${scoreTable(result, seats, [
    ["Meeples (matched amenity)", (r) => `${r.meeples} (+${3 * r.meeples})`], ["Cubes", (r) => `${r.cubes} (+${2 * r.cubes})`],
    ["Referrals hosted", (r) => `${r.hosted} · ${r.upgraded} upgraded (+${r.hosted + 2 * r.upgraded})`],
    ["Referrals made", (r) => `${r.referrals} (+${r.referrals})`], ["Kept customers", (r) => (r.penalties ? `−${r.penalties}` : "0")],
    ["Bonus card", (r) => `${esc(bonusText(r.bonus_card))}: +${r.bonus}`], ["Total", (r) => r.total]])}`;
}

function suitOrder(order) {
  return [...order].map((s) => SUIT[s]).join(" > ");
}

// The rules in plain words (the server words them for this table's settings) and every assumption, each marked
// as played at this table or switched by a flag.
export function inkRules(settings, game, paragraphs) {
  const defaults = Object.fromEntries(game.flags.map((f) => [f.name, f.default]));
  const rows = game.assumptions.map((a) => {
    let here = '<span class="badge on">on</span>';
    let plays = esc(a.default);
    if (a.flag_name === "players") {
      plays = `${settings.players} players (2 to 4)`;
    } else if (a.flag_name && settings[a.flag_name] !== defaults[a.flag_name]) {
      here = '<span class="badge off-flag">off</span>';
      const value = a.flag_name === "suit_order" ? ` (${suitOrder(settings.suit_order)})` : "";
      plays = `instead: ${esc(a.alternative)}${value} <code>${esc(a.flag_name)}</code>`;
    } else if (a.flag_name) {
      plays += ` <small>(can be switched: <code>${esc(a.flag_name)}</code>)</small>`;
    }
    return `<tr data-assumption="${esc(a.id)}"><td>${esc(a.id)}</td><td>${esc(a.question)}</td><td>${here}</td><td>${plays}</td></tr>`;
  }).join("");
  return `<summary><h2>Rules</h2></summary>
    <ul id="rules-text">${paragraphs.map((p) => `<li>${esc(p)}</li>`).join("")}</ul>
    <p id="ranking-rule">${esc(LEAVING_RANKS_LAST)}</p>
    <h3>Assumptions at this table</h3>
    <p>The rulebook draft leaves these questions open. <b>on</b>: this table plays the edition's default; <b>off</b>: a flag switched it.</p>
    <div class="scroll-x"><table class="assumptions"><thead><tr><th>Gap</th><th>Question</th><th>Here</th><th>What this table plays</th></tr></thead>
    <tbody>${rows}</tbody></table></div>`;
}

const TITLES = { play: "Choose your card", place: "Place the customer", refer: "Refer the customer", refuse: "Refuse",
  choose: "Choose the next customer", pick: "Pick the next customer", upgrade: "Upgrade a referral",
  relocate: "Relocate a customer", pass: "Pass", refill: "Refill your hand" };

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
        <div class="row"><button class="btn" id="confirm" ${this.busy ? "disabled" : ""}><kbd>Enter</kbd>Confirm</button>
        <button class="btn secondary" id="back" ${this.busy ? "disabled" : ""}><kbd>Esc</kbd>Back</button></div></div>${message}`;
      root.querySelector("#confirm").addEventListener("click", () => this.confirm());
      root.querySelector("#back").addEventListener("click", () => this.back());
      root.querySelector("#confirm").focus();
      return;
    }
    const kinds = [...new Set(this.items.map((c) => c.kind))];
    const heading = kinds.length === 1 ? TITLES[kinds[0]] || kinds[0] : "Choose";
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
      if (card) clickable(card, form.text, `Play ${form.card}`);
    } else if (form.kind === "place") {
      const room = document.querySelector(`.player[data-seat="${me}"] [data-room="${form.room}"]`);
      if (room) clickable(room, form.text, `Place the customer in room ${form.room}`);
    }
  }
}
