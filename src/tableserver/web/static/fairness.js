// The fair shuffle (docs/server.md): the table publishes sha256(secret) when it is created; the secret fixes the
// seed, hence the deck, and is revealed when the game is over. These checks run in the browser; replaying every
// move from the seed needs the engine: `bloodyinn verify <replay URL>`.
import { esc } from "./common.js";

const SEED_RANGE = 1n << 63n;

async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function fairnessNote(fairness) {
  if (fairness.practice) return "Practice table: its creator chose the seed, so could know the deck.";
  if (!fairness.commitment) return "This table has no deck commitment.";
  if (fairness.secret) return "Fair shuffle: the secret behind the deck is revealed; check it on the replay.";
  return `Fair shuffle: the deck is committed as <code title="${esc(fairness.commitment)}">${esc(fairness.commitment.slice(0, 16))}…</code>; the secret behind it is revealed when the game is over.`;
}

// Each check as [passed, sentence].
export async function verifyFairness(fairness) {
  if (!crypto.subtle) return [[false, "this browser computes SHA-256 only on https (or localhost) pages: use bloodyinn verify"]];
  const hash = await sha256Hex(fairness.secret);
  const seed = (BigInt(`0x${fairness.secret}`) % SEED_RANGE).toString();
  return [
    [hash === fairness.commitment, `sha256(secret) = ${hash}: ${hash === fairness.commitment ? "the" : "NOT the"} commitment published when the table was created`],
    [seed === fairness.seed, `the secret fixes the seed ${seed}: ${seed === fairness.seed ? "the" : "NOT the"} seed of this game`],
  ];
}
