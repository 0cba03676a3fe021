// Shared helpers: the card table from the server, card drawing, player tokens. Nothing here knows the rules:
// cards are drawn from /api/cards, and every decision comes from the server's list of legal actions. Card names
// and annex effects come from the server in the page's language; every other word goes through the catalog.
import { LANG, _, francs } from "./i18n.js";

export const SHAPES = ["◆", "●", "▲", "■"];

export function esc(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

let catalogPromise = null;
export function loadCatalog() {
  catalogPromise ??= fetch(`/api/cards?lang=${encodeURIComponent(LANG)}`).then((r) => r.json());
  return catalogPromise;
}

export const occOf = (cardId) => cardId.split(".")[0];
export const occupation = (cat, idOrCard) => cat.occupations[occOf(idOrCard)];
export const cardName = (cat, idOrCard) => occupation(cat, idOrCard).name;
export const names = (cat, ids) => ids.map((id) => cardName(cat, id)).join(", ");

// Bots by their level's name.
const BOTS = { easy: () => _("easy"), medium: () => _("medium"), hard: () => _("hard"), learned: () => _("learned"), random: () => _("random") };
export const botName = (bot) => (BOTS[bot] ? BOTS[bot]() : bot);

// A seat's name: the name its person gave; else, in this page's language, "Player N", or a bot by its level, numbered
// as the server numbered it ("easy bot 2"). The server names the seats in English (tableserver.localize.seat_name
// writes the same for the log).
export function seatName(seats, seat) {
  const s = seats && seats[seat];
  const numbered = s && s.kind === "bot" && new RegExp(`^${s.bot} bot(?: (\\d+))?$`).exec(s.name || "");
  if (numbered) {
    const level = botName(s.bot);
    return numbered[1] ? _("{level} bot {number}", { level, number: numbered[1] }) : _("{level} bot", { level });
  }
  return s && s.name && s.name !== `Player ${seat + 1}` ? s.name : _("Player {number}", { number: seat + 1 });
}

// The engine's sentences call seats P1..P4; the page says their names.
export function withNames(text, seats) {
  return String(text ?? "").replace(/\bP([1-4])\b/g, (whole, n) => (seats && seats[n - 1] ? seatName(seats, n - 1) : whole));
}

// A rule of every table, whatever the game (the server ranks: messages.result).
export const leavingRanksLast = () => _("A player who resigns, or runs out of time or leaves and never takes the seat back, ranks last: a bot plays the seat to the end, but whatever it scores, the win goes to the best of the others.");

// The final score's rows in order of place. The ranking is the table's (docs/server.md): a seat a bot played to
// the end because its person resigned or left ranks last, whatever the bot scored.
function ranked(result) {
  return [...result.breakdown].sort((a, b) => result.places[a.seat] - result.places[b.seat] || a.seat - b.seat);
}

// The final score, a row per seat in order of place; `columns` are [label, (breakdown row) => cell html], the
// last one the total. On a phone each row is a card of labelled cells, the total first (style.css).
export function scoreTable(result, seats, columns) {
  const rows = ranked(result).map((r) => `<tr class="${result.winners.includes(r.seat) ? "winner" : ""}" data-result-seat="${r.seat}">
      <td class="who">${rankedPlayer(result, seats, r.seat)}</td>${columns.map(([label, cell], i) =>
      `<td data-label="${esc(label)}"${i === columns.length - 1 ? ' class="total"' : ""}>${i === columns.length - 1 ? `<b>${cell(r)}</b>` : cell(r)}</td>`).join("")}</tr>`);
  return `<div class="scroll-x"><table class="score"><thead><tr><th>${esc(_("Player"))}</th>${columns.map(([label]) => `<th>${esc(label)}</th>`).join("")}</tr></thead>
    <tbody>${rows.join("")}</tbody></table></div>`;
}

// A seat in the final score: its place, name, why it ranks last, and whether it won.
function rankedPlayer(result, seats, seat) {
  const gone = result.forfeited.includes(seat)
    ? ` · <i class="resigned">${esc(result.resigned.includes(seat) ? _("resigned, played out by a bot: ranks last") : _("left, played out by a bot: ranks last"))}</i>` : "";
  const won = result.winners.includes(seat) ? ` · <b>${esc(_("winner"))}</b>` : "";
  return `<span class="place">${result.places[seat]}.</span> ${mark(seat)} ${esc(seatName(seats, seat))}${gone}${won}`;
}

// The coloured shape of a seat, for next to its name.
export function mark(seat) {
  return `<span class="token p${seat}" title="${esc(_("seat {number}", { number: seat + 1 }))}" aria-hidden="true">${SHAPES[seat]}</span>`;
}

// A player's marker: colour, shape and name (the shape and the seat number in the tooltip keep it readable
// without colour).
export function token(seat, extra = "", seats = null) {
  const label = seats ? seatName(seats, seat) : _("Player {number}", { number: seat + 1 });
  return `<span class="token p${seat} ${extra}" title="${esc(_("{name} (seat {number})", { name: label, number: seat + 1 }))}">${SHAPES[seat]} <span class="token-name">${esc(label)}</span></span>`;
}

const ICONS = {
  bribe: '<svg viewBox="0 0 16 16" aria-hidden="true"><rect x="1" y="3" width="11" height="7" rx="1" fill="currentColor"/><rect x="4" y="6" width="11" height="7" rx="1" fill="#fff" stroke="currentColor" stroke-width="1.4"/><circle cx="9.5" cy="9.5" r="1.8" fill="currentColor"/></svg>',
  build: '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M1.5 14.5 L5 7 L9 11 Z" fill="currentColor"/><path d="M7 9 L13.5 2.5" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg>',
  kill: '<svg viewBox="0 0 16 16" aria-hidden="true"><rect x="1" y="4" width="12" height="3" rx="1" fill="currentColor"/><path d="M8 6 L12 6 L13 14 L9.5 14 Z" fill="currentColor"/><circle cx="7" cy="8.5" r="2" fill="none" stroke="currentColor" stroke-width="1.4"/></svg>',
  bury: '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M5.5 1 L10.5 1 L13 5 L10.5 15 L5.5 15 L3 5 Z" fill="currentColor"/><path d="M8 4 V10 M6 6 H10" stroke="#fff" stroke-width="1.3"/></svg>',
  coin: '<svg viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="6.5" fill="#e2b13c" stroke="#8a6400"/><text x="8" y="11" font-size="8" text-anchor="middle" fill="#5a4000" font-weight="bold">F</text></svg>',
};
const APTITUDE_WORD = { bribe: () => _("Bribe"), build: () => _("Build"), kill: () => _("Kill"), bury: () => _("Bury") };
// The type of a guest, as the cards print it.
const TYPE_WORD = {
  merchant: () => _("merchant"), artisan: () => _("artisan"), police: () => _("police"), religious: () => _("religious"),
  noble: () => _("noble"), peasant: () => _("peasant"),
};
const typeWord = (type) => (TYPE_WORD[type] ? TYPE_WORD[type]() : type);

// One drawn card: type colour band with letter and type name, rank, pocket money, aptitude icon, annex and effect.
export function cardHtml(cat, cardId, { size = "", dead = false, extra = "" } = {}) {
  const occ = occupation(cat, cardId);
  const type = cat.types[occ.type];
  const apt = type.aptitude;
  const title = _("{name}: {type}, rank {rank}, pocket money {money}", { name: occ.name, type: typeWord(occ.type), rank: occ.rank, money: francs(occ.pocket) }) +
    (apt ? _(", aptitude {aptitude}", { aptitude: APTITUDE_WORD[apt]() }) : "") +
    (occ.annex ? _(". Annex {annex}: {effect}", { annex: occ.annex, effect: occ.effect }) : _(". No annex"));
  const annex = occ.annex
    ? `<div class="annex"><b>${esc(occ.annex)}</b><span>${esc(occ.effect)}</span></div>`
    : `<div class="noannex">${esc(_("No annex"))}</div>`;
  return `<div class="card t-${occ.type} ${size} ${dead ? "dead" : ""}" data-card="${esc(cardId)}" title="${esc(title)}">
    <div class="band"><span class="type"><span class="letter">${type.letter}</span><span class="tname">${esc(dead ? _("corpse") : typeWord(occ.type))}</span></span><span class="rank" title="${esc(_("rank {rank}", { rank: occ.rank }))}"><small>${esc(_("rank"))}</small>${occ.rank}</span></div>
    <div class="name">${esc(occ.name)}</div>
    <div class="stats"><span class="pocket">${ICONS.coin}${esc(francs(occ.pocket))}</span>${dead ? `<span class="apt">✝ ${esc(_("dead"))}</span>`
      : apt ? `<span class="apt">${ICONS[apt]}${esc(APTITUDE_WORD[apt]())}</span>` : ""}</div>
    ${dead ? "" : annex}${extra}</div>`;
}

export function chip(cat, cardId) {
  const occ = occupation(cat, cardId);
  return `<span class="chip t-${occ.type}" title="${esc(_("{name}, rank {rank}", { name: occ.name, rank: occ.rank }))}">${cat.types[occ.type].letter} ${esc(occ.name)}</span>`;
}
