// The fair shuffle (docs/server.md): the table publishes sha256(TABLE:SECRET), its id and a secret, when it is
// created; the secret fixes the seed, hence the deck, and is revealed when the game is over. These checks run in
// the browser; replaying every move from the seed needs the engine: `tableserver verify <replay URL>`.
import { esc } from "./common.js";
import { _ } from "./i18n.js";

const SEED_RANGE = 1n << 63n;

async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// Before the end: the whole commitment, to copy and keep, so the one checked after the game can be compared.
export function fairnessNote(fairness) {
  if (fairness.practice) return esc(_("Practice table: its creator chose the seed, so could know the deck."));
  if (!fairness.commitment) return esc(_("This table has no deck commitment."));
  if (fairness.secret) return esc(_("Fair shuffle: the secret behind the deck is revealed; check it on the replay."));
  return `${esc(_("Fair shuffle: the deck is committed as"))}
    <span class="commitment"><input type="text" readonly id="deck-commitment" aria-label="${esc(_("The deck's commitment"))}"
      value="${esc(fairness.commitment)}"><button class="btn secondary" type="button" id="copy-commitment">${esc(_("Copy"))}</button></span>
    ${esc(_("The secret behind it is revealed when the game is over: keep a copy to compare with the one the replay checks."))}`;
}

// The note is drawn anew with every state: one listener for its Copy button, whichever is on the page.
document.addEventListener("click", (event) => {
  if (event.target.id !== "copy-commitment") return;
  navigator.clipboard?.writeText(document.getElementById("deck-commitment").value)
    .then(() => { event.target.textContent = _("Copied"); });
});

// Each check as [passed, sentence].
export async function verifyFairness(tableId, fairness) {
  if (!crypto.subtle) return [[false, _("this browser computes SHA-256 only on https (or localhost) pages: use tableserver verify")]];
  const hash = await sha256Hex(`${tableId}:${fairness.secret}`);
  const seed = (BigInt(`0x${fairness.secret}`) % SEED_RANGE).toString();
  return [
    [hash === fairness.commitment, hash === fairness.commitment
      ? _("sha256({table}:secret) = {hash}: the commitment published when table {table} was created", { table: tableId, hash })
      : _("sha256({table}:secret) = {hash}: NOT the commitment published when table {table} was created", { table: tableId, hash })],
    [seed === fairness.seed, seed === fairness.seed ? _("the secret fixes the seed {seed}: the seed of this game", { seed })
      : _("the secret fixes the seed {seed}: NOT the seed of this game", { seed })],
  ];
}
