// Telling a player who is looking elsewhere that it is their move or that someone sat down: the page's title and
// the app badge (until they come back to the page), a sound if they switched it on, and a system notification
// where the browser allows it and they asked for it.
import { _ } from "./i18n.js";

const SOUND = "bloodyinn:sound";
const NOTIFY = "bloodyinn:notify";
const $ = (id) => document.getElementById(id);
const away = () => document.hidden || !document.hasFocus();

export class Alerts {
  constructor() {
    this.base = document.title;
    this.pending = null;
    $("sound").checked = localStorage.getItem(SOUND) === "on";
    $("sound").addEventListener("change", () => localStorage.setItem(SOUND, $("sound").checked ? "on" : "off"));
    $("notify").addEventListener("click", () => this.toggleNotifications());
    const back = () => {
      if (away()) return;
      this.pending = null;
      this.setTitle(this.base);
      navigator.clearAppBadge?.().catch(() => {});
    };
    window.addEventListener("focus", back);
    document.addEventListener("visibilitychange", back);
    this.renderButton();
  }

  // The page's own title (it changes with the game); an alert not yet seen goes in front of it.
  setTitle(base) {
    this.base = base;
    document.title = this.pending ? `(●) ${this.pending} · ${base}` : base;
  }

  alert(text) {
    if (localStorage.getItem(SOUND) === "on") beep();
    if (!away()) return;
    this.pending = text;
    this.setTitle(this.base);
    navigator.setAppBadge?.(1).catch(() => {});
    if (this.notifying()) new Notification(text, { body: this.base, tag: location.pathname });
  }

  notifying() {
    return "Notification" in window && Notification.permission === "granted" && localStorage.getItem(NOTIFY) === "on";
  }

  async toggleNotifications() {
    if (this.notifying()) {
      localStorage.setItem(NOTIFY, "off");
    } else if (await Notification.requestPermission() === "granted") {
      localStorage.setItem(NOTIFY, "on");
    }
    this.renderButton();
  }

  renderButton() {
    const button = $("notify");
    button.hidden = !("Notification" in window) || Notification.permission === "denied";
    button.textContent = this.notifying() ? _("Notifications: on") : _("Notify me");
    button.setAttribute("aria-pressed", String(this.notifying()));
  }
}

// A short two-note chime, made on the spot (no sound file to fetch).
function beep() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  const context = new Context();
  [660, 880].forEach((frequency, i) => {
    const tone = context.createOscillator();
    const volume = context.createGain();
    tone.frequency.value = frequency;
    volume.gain.value = 0.15;
    tone.connect(volume).connect(context.destination);
    tone.start(context.currentTime + i * 0.12);
    tone.stop(context.currentTime + i * 0.12 + 0.1);
  });
  setTimeout(() => context.close(), 600);
}
