// The click-through move menu. It only ever offers the legal actions the server sent (their structured form),
// grouped step by step: action, target, payment, follow-up choice. Steps with a single option are taken
// automatically; the last step shows the engine's own description and preview before confirming.
import { cardName, esc, names, seatName, withNames } from "./common.js";
import { _, ngettext } from "./i18n.js";

function payStep(cat, pay) {
  return pay.length ? _("Pay with {cards}", { cards: names(cat, pay) }) : _("Pay nothing");
}

function guest(view, cat, room) {
  const card = view.rooms[room - 1].guest;
  return card ? _("{name} in room {room}", { name: cardName(cat, card), room }) : _("room {room}", { room });
}

function annexLabel(view, cat, seats, ref) {
  if (ref.startsWith("barn.")) return _("the barn of {name}", { name: seatName(seats, Number(ref.slice(5))) });
  const owner = view.players.find((p) => p.annexes.some((a) => a.annex === ref));
  const annex = cat.occupations[ref.split(".")[0]].annex;
  return owner ? _("{annex} of {name}", { annex, name: seatName(seats, owner.seat) }) : annex;
}

// The labels of each step of one legal action; every action of one kind has the same number of steps.
export function steps(form, view, cat, seats) {
  switch (form.kind) {
    case "place": return [_("Place the traveler at the door"), _("Room {room}", { room: form.room })];
    case "pass": return [_("Pass"), form.buy_checks ? ngettext("and buy {n} check", "and buy {n} checks", form.buy_checks)
      : form.cash_checks ? ngettext("and cash {n} check", "and cash {n} checks", form.cash_checks) : _("Just pass")];
    case "bribe": return [_("Bribe a guest"), form.peasants ? ngettext("{n} peasant from the bistro", "{n} peasants from the bistro", form.peasants)
      : form.rooms.map((r) => guest(view, cat, r)).join(" + "), payStep(cat, form.pay)];
    case "build": return [_("Build an annex"), `${cardName(cat, form.card)} → ${cat.occupations[form.card].annex}`, payStep(cat, form.pay),
      form.room === null ? _("No room to choose") : form.card === "monk" ? _("Your key on room {room}", { room: form.room })
        : _("Room Service on room {room}", { room: form.room })];
    case "kill": return [_("Kill a guest"), form.peasant ? _("A peasant from the bistro") : form.rooms.map((r) => guest(view, cat, r)).join(" + "),
      payStep(cat, form.pay)];
    case "bury": return [_("Bury corpses"), form.corpses.map(([occ, ref]) => _("{name} under {annex}", { name: cardName(cat, occ), annex: annexLabel(view, cat, seats, ref) })).join(" + "),
      payStep(cat, form.pay), form.drop.length ? _("Let go of {cards}", { cards: names(cat, form.drop) }) : _("Take back every card that may return")];
    case "gravedigger": return [_("Pay the gravedigger"), ngettext("Give {n} check", "Give {n} checks", form.checks)];
    case "release": return [_("Release accomplices"), _("Release {cards}", { cards: names(cat, form.cards) })];
    default: return [form.kind, form.text];
  }
}

export class Menu {
  constructor(root, { onSubmit, onPreview }) {
    this.root = root;
    this.onSubmit = onSubmit;
    this.onPreview = onPreview;
    this.items = [];
    this.chosen = []; // [{label, auto}]
    this.preview = null;
    this.previewFor = null; // the action whose preview was asked for (once per selection)
    this.busy = false;
    this.message = null;
  }

  setChoices(choices, view, cat, seats, key) {
    if (key === this.key) return;
    this.key = key;
    this.seats = seats;
    this.items = choices.map((form) => ({ form, path: steps(form, view, cat, seats) }));
    this.chosen = [];
    this.preview = null;
    this.previewFor = null;
    this.busy = false;
    this.render();
  }

  remaining() {
    return this.items.filter((item) => this.chosen.every((c, i) => item.path[i] === c.label));
  }

  options() {
    const depth = this.chosen.length;
    const seen = new Map();
    for (const item of this.remaining()) {
      if (depth < item.path.length && !seen.has(item.path[depth])) seen.set(item.path[depth], item);
    }
    return [...seen.keys()];
  }

  pick(label, auto = false) {
    this.chosen.push({ label, auto });
    this.preview = null;
    this.render();
  }

  // Select one legal action directly by its notation (e.g. from a click on the board).
  choose(text) {
    const item = this.items.find((i) => i.form.text === text);
    if (!item || this.busy) return;
    this.chosen = item.path.map((label) => ({ label, auto: false }));
    this.preview = null;
    this.message = null;
    this.render();
  }

  back() {
    if (this.busy) return;
    while (this.chosen.length && this.chosen[this.chosen.length - 1].auto) this.chosen.pop();
    this.chosen.pop();
    while (this.chosen.length && this.chosen[this.chosen.length - 1].auto) this.chosen.pop();
    this.preview = null;
    this.previewFor = null;
    this.render();
  }

  selected() {
    const left = this.remaining();
    return left.length === 1 && this.chosen.length >= left[0].path.length ? left[0] : null;
  }

  showPreview(preview) {
    const item = this.selected();
    if (item && item.form.text === preview.action) {
      this.preview = preview;
      this.render();
    }
  }

  fail(message) {
    this.busy = false;
    this.message = message;
    this.render();
  }

  render() {
    const root = this.root;
    if (!this.items.length) {
      root.innerHTML = "";
      return;
    }
    // Take single-option steps automatically (but never skip the confirmation).
    let options = this.options();
    while (options.length === 1 && !this.selected()) {
      this.chosen.push({ label: options[0], auto: true });
      options = this.options();
    }
    const crumbs = this.chosen.length
      ? `<div class="crumbs">${this.chosen.map((c) => `<b>${esc(c.label)}</b>`).join(" › ")}</div>` : "";
    const message = this.message ? `<div class="message error" role="alert">${esc(withNames(this.message, this.seats))}</div>` : "";
    const item = this.selected();
    if (item) {
      if (!this.preview && this.previewFor !== item.form.text) {
        this.previewFor = item.form.text;
        this.onPreview(item.form.text);
      }
      const events = this.preview ? this.preview.events.filter((e) => e.kind !== "action") : [];
      root.innerHTML = `${crumbs}<div class="confirm-box" data-action="${esc(item.form.text)}">
        <div class="desc" id="action-description">${esc(this.preview ? withNames(this.preview.description, this.seats) : item.form.text)}</div>
        ${events.length ? `<div>${esc(_("What happens:"))}</div><ul>${events.map((e) => `<li>${esc(withNames(e.text, this.seats))}</li>`).join("")}</ul>` : ""}
        <div class="row"><button class="btn" id="confirm" ${this.busy ? "disabled" : ""}><kbd>Enter</kbd>${esc(_("Confirm"))}</button>
        <button class="btn secondary" id="back" ${this.busy ? "disabled" : ""}><kbd>Esc</kbd>${esc(_("Back"))}</button></div></div>${message}`;
      root.querySelector("#confirm").addEventListener("click", () => this.confirm());
      root.querySelector("#back").addEventListener("click", () => this.back());
      root.querySelector("#confirm").focus();
      return;
    }
    const buttons = options.map((label, i) => `<button class="choice" data-index="${i}">${i < 9 ? `<kbd>${i + 1}</kbd>` : ""}${esc(label)}</button>`).join("");
    root.innerHTML = `${crumbs}<div class="choices" role="group" aria-label="${esc(_("Choose"))}">${buttons}</div>
      ${this.chosen.some((c) => !c.auto) ? `<button class="btn secondary menu-back" id="back"><kbd>Esc</kbd>${esc(_("Back"))}</button>` : ""}${message}`;
    root.querySelectorAll(".choice").forEach((b) => b.addEventListener("click", () => { this.message = null; this.pick(options[Number(b.dataset.index)]); }));
    root.querySelector("#back")?.addEventListener("click", () => this.back());
    root.querySelector(".choice")?.focus();
  }

  confirm() {
    const item = this.selected();
    if (!item || this.busy) return;
    this.busy = true;
    this.message = null;
    this.render();
    this.onSubmit(item.form.text);
  }

  handleKey(event) {
    if (!this.items.length || event.target.matches("input, textarea, select")) return;
    if (event.key === "Escape") { this.back(); event.preventDefault(); return; }
    if (/^[1-9]$/.test(event.key)) {
      const button = this.root.querySelectorAll(".choice")[Number(event.key) - 1];
      if (button) { button.click(); event.preventDefault(); }
    }
  }
}
