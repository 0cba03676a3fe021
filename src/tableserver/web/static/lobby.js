// The lobby: choose the game (The Bloody Inn or Innkeepers), create a table (seats open for people or played by
// bots, the game's own options) and list the tables of every game to join or watch.
import { esc, mark, token } from "./common.js";

const $ = (id) => document.getElementById(id);
let options = null;
const game = () => options.games.find((g) => g.id === $("game").value);
const gameById = (id) => options.games.find((g) => g.id === id) || options.games[0];

function seatRows() {
  const players = Number($("players").value);
  const bots = game().bots;
  const old = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  $("seats").innerHTML = Array.from({ length: players }, (_, seat) => {
    const choices = [`<option value="human">Open for a human</option>`,
      ...bots.map((b) => `<option value="bot:${esc(b)}">Bot: ${esc(b)}</option>`)];
    return `<label>${token(seat)} <select data-seat="${seat}" aria-label="Seat ${seat + 1}">${choices.join("")}</select>${seat === 0 ? " (you)" : ""}</label>`;
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
      const label = f.name === "suit_order" ? "Equal numbers: suits rank" : "Bonus cards count";
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

function seatText(s) {
  if (s.kind === "bot") return `${mark(s.seat)} ${esc(s.name)} <span class="badge bot-tag">bot</span>`;
  return `${mark(s.seat)} ${s.open ? "<b>open</b>" : `${esc(s.name)}${s.online ? " · online" : ""}`}`;
}

function clockText(clock) {
  if (!clock || clock.mode === "none") return "";
  const s = clock.seconds;
  return ` · clock ${s >= 86400 ? `${s / 86400} d` : s >= 3600 ? `${s / 3600} h` : s >= 60 ? `${s / 60} min` : `${s} s`} a move`;
}

// A table's game and settings in words: the options that differ from the game's defaults.
function settingsText(t) {
  const chosen = gameById(t.game);
  if (chosen.id === "innkeepers") {
    const changed = chosen.flags.filter((f) => t.settings[f.name] !== f.default)
      .map((f) => (f.choices ? `${f.name.replaceAll("_", " ")} ${t.settings[f.name]}` : f.name.replaceAll("_", " ")));
    return `<b>${esc(chosen.title)}</b> · ${t.settings.players}p${changed.length ? ` · ${esc(changed.join(", "))}` : ""}`;
  }
  return `<b>${esc(chosen.title)}</b> · ${t.settings.players}p · ${esc(t.settings.length)}${t.settings.variants.length ? ` · ${esc(t.settings.variants.join(", "))}` : ""}`;
}

const PAGE = 20;
let offset = 0;

async function refresh() {
  const only = $("filter").value ? `&game=${encodeURIComponent($("filter").value)}` : "";
  const response = await fetch(`/api/tables?limit=${PAGE}&offset=${offset}${only}`);
  const tables = await response.json();
  $("newer").disabled = offset === 0;
  $("older").disabled = !(response.headers.get("link") || "").includes('rel="next"');
  $("page-info").textContent = tables.length ? `tables ${offset + 1}-${offset + tables.length}` : "";
  $("tables").innerHTML = tables.length ? tables.map((t) => {
    const open = t.seats.filter((s) => s.open);
    const href = `/table/${encodeURIComponent(t.id)}`;
    const actions = t.over ? `<a href="${href}/replay">Replay</a> · <a href="${href}">Score</a>`
      : [...open.map((s) => `<a href="${href}?join=${s.seat}">Join as player ${s.seat + 1}</a>`), `<a href="${href}">Watch</a>`].join(" · ");
    return `<tr data-table="${esc(t.id)}" data-game="${esc(t.game)}"><td><code>${esc(t.id)}</code></td>
      <td>${settingsText(t)}${clockText(t.clock)}${t.fairness.practice ? ' · <span title="its creator chose the deck">practice</span>' : ""}</td>
      <td>${t.seats.map(seatText).join("<br>")}</td><td>${t.moves}${t.over ? " · over" : ""}</td><td>${actions}</td></tr>`;
  }).join("") : `<tr><td colspan="5">${offset ? "No more tables." : "No tables yet: create one."}</td></tr>`;
}

async function start() {
  options = await fetch("/api/options").then((r) => r.json());
  $("name").value = localStorage.getItem("bloodyinn:name") || "";
  $("variants").innerHTML = options.variants.map((v) =>
    `<label><input type="checkbox" value="${esc(v)}"> ${esc(v.replaceAll("_", " "))}</label>`).join("");
  $("game").innerHTML = options.games.map((g) => `<option value="${esc(g.id)}">${esc(g.title)}</option>`).join("");
  $("filter").innerHTML += options.games.map((g) => `<option value="${esc(g.id)}">${esc(g.title)} only</option>`).join("");
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
