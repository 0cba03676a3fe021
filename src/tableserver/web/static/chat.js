// The table chat: the seated players talk among themselves and the spectators among themselves (the server keeps
// the two sides apart). Everything said is shown as text, never as markup. Muting someone hides what they say,
// on this browser only; the mutes are kept per table.
import { esc } from "./common.js";
import { _ } from "./i18n.js";

const $ = (id) => document.getElementById(id);

export class Chat {
  constructor(tableId, send) {
    this.send = send;
    this.key = `bloodyinn:mutes:${tableId}`;
    this.mutes = new Map(JSON.parse(localStorage.getItem(this.key) || "[]")); // author -> name
    this.messages = [];
    this.me = null;
    this.error = "";
    $("chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.say();
    });
    $("chat-name").value ||= localStorage.getItem("bloodyinn:name") || "";
  }

  // The whole chat of this side, from a (re)connection's first state; `seat`: this page's seat or null.
  reset(messages, seat) {
    this.messages = [...messages];
    this.me = seat === null ? null : `seat:${seat}`;
    $("chat-name").hidden = seat !== null; // a spectator says who they are; a player is their seat's name
    $("chat-side").textContent = seat === null
      ? _("Spectators' chat: the players do not see it.")
      : _("Players' chat: spectators do not see it.");
    this.render();
  }

  add(message) {
    this.messages.push(message);
    this.render();
  }

  fail(text) {
    this.error = text;
    this.render();
  }

  say() {
    const text = $("chat-text").value.trim();
    if (!text) return;
    const name = $("chat-name").hidden ? null : $("chat-name").value.trim() || null;
    this.error = "";
    this.send({ type: "chat", text, ...(name ? { name } : {}) });
    $("chat-text").value = "";
  }

  mute(author, name, muted) {
    if (muted) this.mutes.set(author, name);
    else this.mutes.delete(author);
    localStorage.setItem(this.key, JSON.stringify([...this.mutes]));
    this.render();
  }

  render() {
    const shown = this.messages.filter((m) => !this.mutes.has(m.author));
    $("chat-log").innerHTML = shown.map((m) => {
      const mine = m.author === this.me;
      const mute = mine ? "" : ` <button class="link" type="button" data-mute="${esc(m.author)}" data-name="${esc(m.name)}">${esc(_("mute"))}</button>`;
      return `<li data-author="${esc(m.author)}"><b>${esc(m.name)}</b>${m.channel === "spectators" ? ` <small>(${esc(_("watching"))})</small>` : ""}: ${esc(m.text)}${mute}</li>`;
    }).join("") || `<li class="count">${esc(_("Nothing said yet."))}</li>`;
    $("chat-muted").innerHTML = [...this.mutes].map(([author, name]) =>
      `${esc(_("Muted: {name}", { name }))} <button class="link" type="button" data-unmute="${esc(author)}">${esc(_("unmute"))}</button>`).join(" · ");
    $("chat-error").innerHTML = this.error ? `<div class="message error" role="alert">${esc(this.error)}</div>` : "";
    $("chat-log").querySelectorAll("[data-mute]").forEach((b) => b.addEventListener("click", () => this.mute(b.dataset.mute, b.dataset.name, true)));
    $("chat-muted").querySelectorAll("[data-unmute]").forEach((b) => b.addEventListener("click", () => this.mute(b.dataset.unmute, "", false)));
    $("chat-log").scrollTop = $("chat-log").scrollHeight;
  }
}

// The chat in a replay: both sides, each message where it was said (at or before the position shown).
export function replayChat(messages, seq) {
  const said = messages.filter((m) => m.seq <= seq);
  return said.map((m) => `<li><b>${esc(m.name)}</b> <small>(${esc(m.channel === "spectators" ? _("watching") : _("playing"))})</small>: ${esc(m.text)}</li>`).join("")
    || `<li class="count">${esc(_("Nothing said yet."))}</li>`;
}
