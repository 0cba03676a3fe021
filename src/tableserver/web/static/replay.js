// Steps through a finished game: every public position the server replayed, with the events between them. A move
// is one step and each of its forced follow-ups (what the game did by itself next) another, so a step lists only
// what it did.
import { esc, loadCatalog, seatName, withNames } from "./common.js";
import { headerInfo, renderBoard, renderLog, renderPlayers, renderResult } from "./board.js";
import { fairnessNote, verifyFairness } from "./fairness.js";
import { replayChat } from "./chat.js";
import { inkBoard, inkHeader, inkLog, inkPlayers, inkResult } from "./ink.js";
import { LANG, _ } from "./i18n.js";

const tableId = decodeURIComponent(location.pathname.split("/")[2]);
const $ = (id) => document.getElementById(id);
let data = null;
let catalog = null;
let index = 0;
let steps = []; // {frame, start, end, then}: the events frame.events[start:end] of one step

// Each game's drawing of a spectator's view (the same faces as the table page).
const FACES = {
  bloodyinn: {
    header: (view, seats) => headerInfo(view, seats, null),
    board: (view, seats) => renderBoard(view, catalog, seats),
    players: (view, seats) => renderPlayers(view, catalog, seats, null),
    log: renderLog,
    result: renderResult,
  },
  innkeepers: {
    title: () => _("Innkeepers"),
    header: (view, seats) => inkHeader(view, { seats, pending: view.pending }, null),
    board: (view, seats) => inkBoard(view, seats),
    players: (view, seats) => inkPlayers(view, seats, null, view.pending),
    log: inkLog,
    result: inkResult,
  },
};
let face = FACES.bloodyinn;

function stepsOf(frames) {
  return frames.flatMap((frame) => {
    const starts = [0, ...(frame.follow_ups || [])];
    return starts.map((start, k) => ({ frame, start, end: starts[k + 1] ?? frame.events.length, then: k > 0 }));
  });
}

function where(step, seats) {
  const moves = data.frames.length - 1;
  const { frame } = step;
  if (step.then) return _("move {move} of {moves}, then: {event}", { move: frame.seq, moves, event: withNames(frame.events[step.start].text, seats) });
  if (!frame.action) return _("move {move} of {moves} (setup)", { move: frame.seq, moves });
  return _("move {move} of {moves}: {name} — {action}", { move: frame.seq, moves, name: seatName(seats, frame.seat), action: frame.action });
}

function show(i) {
  index = Math.max(0, Math.min(steps.length - 1, i));
  const step = steps[index];
  const { frame } = step;
  const seats = data.table.seats;
  $("slider").value = index;
  $("position").textContent = where(step, seats);
  $("step-title").textContent = step.then ? _("Then") : _("This move");
  $("info").innerHTML = face.header(frame.view, seats);
  $("board").innerHTML = face.board(frame.view, seats);
  $("players").innerHTML = face.players(frame.view, seats);
  $("step").innerHTML = face.log(frame.events.slice(step.start, step.end), seats);
  $("chat-log").innerHTML = replayChat(data.chat || [], frame.seq);
  const before = data.frames.slice(0, data.frames.indexOf(frame)).flatMap((f) => f.events);
  $("log").innerHTML = face.log([...before, ...frame.events.slice(0, step.end)], seats);
  $("log-box").scrollTop = $("log-box").scrollHeight;
}

function showFairness(fairness) {
  $("fairness").hidden = false;
  if (!fairness.secret) {
    $("fairness-body").innerHTML = `<p>${fairnessNote(fairness)}</p>`;
    $("verify").hidden = true;
    return;
  }
  $("fairness-body").innerHTML = `<p>${esc(_("When the table was created it published the commitment"))}
      <code class="hash" id="commitment">${esc(fairness.commitment)}</code>${esc(_(", the SHA-256 of its id and a secret that fixes the deck. Now that the game is over the secret is revealed:"))}
      <code class="hash" id="secret">${esc(fairness.secret)}</code>.</p>
    <p class="count">${esc(_("To replay every move from that seed with the engine:"))} <code>tableserver verify ${esc(location.href)}</code></p>`;
  $("verify").onclick = async () => {
    const checks = await verifyFairness(tableId, fairness);
    $("verify-result").innerHTML = checks.map(([ok, text]) => `<li class="${ok ? "ok" : "failed"}">${ok ? "✓" : "✗"} ${esc(text)}</li>`).join("");
  };
}

async function start() {
  catalog = await loadCatalog();
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay?lang=${encodeURIComponent(LANG)}`);
  data = await response.json();
  if (!response.ok) {
    $("board").innerHTML = `<div class="message error">${esc(data.message)}</div>`;
    return;
  }
  face = FACES[data.table.game] || FACES.bloodyinn;
  if (face.title) {
    document.querySelector("header.top h1 a").textContent = face.title();
    document.body.classList.add(data.table.game);
  }
  steps = stepsOf(data.frames);
  $("slider").max = steps.length - 1;
  showFairness(data.table.fairness);
  $("result").innerHTML = face.result(data.result, data.table.seats);
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(index - 1);
  $("next").onclick = () => show(index + 1);
  $("last").onclick = () => show(steps.length - 1);
  $("slider").oninput = () => show(Number($("slider").value));
  document.addEventListener("keydown", (event) => {
    if (event.target.matches("input[type=range]")) return;
    const moves = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: steps.length - 1 };
    if (event.key in moves) { show(moves[event.key]); event.preventDefault(); }
  });
  show(0);
}

start();
