// The lobby: create a table (seats open for people or played by bots) and list the tables to join or watch.
import { esc, mark, token } from "./common.js";

const $ = (id) => document.getElementById(id);
let options = null;

function seatRows() {
  const players = Number($("players").value);
  const old = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  $("seats").innerHTML = Array.from({ length: players }, (_, seat) => {
    const choices = [`<option value="human">Open for a human</option>`,
      ...options.bots.map((b) => `<option value="bot:${esc(b)}">Bot: ${esc(b)}</option>`)];
    return `<label>${token(seat)} <select data-seat="${seat}" aria-label="Seat ${seat + 1}">${choices.join("")}</select>${seat === 0 ? " (you)" : ""}</label>`;
  }).join("");
  document.querySelectorAll("#seats select").forEach((select, seat) => {
    select.value = old[seat] ?? (seat === 0 ? "human" : `bot:${options.bots[0]}`);
  });
}

async function create(event) {
  event.preventDefault();
  const name = $("name").value.trim() || null;
  if (name) localStorage.setItem("bloodyinn:name", name);
  const seats = [...document.querySelectorAll("#seats select")].map((s) =>
    s.value === "human" ? { kind: "human" } : { kind: "bot", bot: s.value.slice(4) });
  const body = {
    players: Number($("players").value),
    length: document.querySelector("input[name=length]:checked").value,
    variants: [...document.querySelectorAll("#variants input:checked")].map((i) => i.value),
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
  if (s.kind === "bot") return `${mark(s.seat)} ${esc(s.name)}`;
  return `${mark(s.seat)} ${s.open ? "<b>open</b>" : `${esc(s.name)}${s.online ? " · online" : ""}`}`;
}

function clockText(clock) {
  if (!clock || clock.mode === "none") return "";
  const s = clock.seconds;
  return ` · clock ${s >= 86400 ? `${s / 86400} d` : s >= 3600 ? `${s / 3600} h` : s >= 60 ? `${s / 60} min` : `${s} s`} a move`;
}

const PAGE = 20;
let offset = 0;

async function refresh() {
  const response = await fetch(`/api/tables?limit=${PAGE}&offset=${offset}`);
  const tables = await response.json();
  $("newer").disabled = offset === 0;
  $("older").disabled = !(response.headers.get("link") || "").includes('rel="next"');
  $("page-info").textContent = tables.length ? `tables ${offset + 1}-${offset + tables.length}` : "";
  $("tables").innerHTML = tables.length ? tables.map((t) => {
    const open = t.seats.filter((s) => s.open);
    const href = `/table/${encodeURIComponent(t.id)}`;
    const actions = t.over ? `<a href="${href}/replay">Replay</a> · <a href="${href}">Score</a>`
      : [...open.map((s) => `<a href="${href}?join=${s.seat}">Join as player ${s.seat + 1}</a>`), `<a href="${href}">Watch</a>`].join(" · ");
    return `<tr data-table="${esc(t.id)}"><td><code>${esc(t.id)}</code></td>
      <td>${t.settings.players}p · ${esc(t.settings.length)}${t.settings.variants.length ? ` · ${esc(t.settings.variants.join(", "))}` : ""}${clockText(t.clock)}${t.fairness.practice ? ' · <span title="its creator chose the deck">practice</span>' : ""}</td>
      <td>${t.seats.map(seatText).join("<br>")}</td><td>${t.moves}${t.over ? " · over" : ""}</td><td>${actions}</td></tr>`;
  }).join("") : `<tr><td colspan="5">${offset ? "No more tables." : "No tables yet: create one."}</td></tr>`;
}

async function start() {
  options = await fetch("/api/options").then((r) => r.json());
  $("name").value = localStorage.getItem("bloodyinn:name") || "";
  $("variants").innerHTML = options.variants.map((v) =>
    `<label><input type="checkbox" value="${esc(v)}"> ${esc(v.replaceAll("_", " "))}</label>`).join("");
  $("players").addEventListener("change", seatRows);
  $("create").addEventListener("submit", create);
  seatRows();
  $("newer").addEventListener("click", () => { offset = Math.max(0, offset - PAGE); refresh(); });
  $("older").addEventListener("click", () => { offset += PAGE; refresh(); });
  refresh();
  setInterval(refresh, 5000);
}

start();
