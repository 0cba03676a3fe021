// The page's language and its messages. The server chose the language (the `lang` cookie set by the picker, else
// the browser's Accept-Language) and wrote it in <html lang>; this page's scripts' messages come from the compiled
// catalog the server serves for it (/i18n/LANG.json, extracted from these files with Babel). A message without a
// translation stays in English. Numbers and dates go through Intl in the same language.
export const LANG = document.documentElement.lang || "en";

const catalog = LANG === "en" ? {} : await fetch(`/i18n/${encodeURIComponent(LANG)}.json`)
  .then((response) => (response.ok ? response.json() : {}))
  .catch(() => ({}));
const plurals = new Intl.PluralRules(LANG);
const numbers = new Intl.NumberFormat(LANG);

// "{name}" in a message is replaced by args.name; numbers are written the locale's way.
export function format(text, args = {}) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in args)) return whole;
    const value = args[name];
    return typeof value === "number" ? numbers.format(value) : String(value);
  });
}

export function _(message, args) {
  const found = catalog[message];
  return format(typeof found === "string" && found ? found : message, args);
}

// Catalog entries of plural messages are their forms in gettext's order: the "one" form first (two forms are all
// English, French and Italian have).
export function ngettext(singular, plural, n, args = {}) {
  const forms = catalog[singular];
  const one = plurals.select(n) === "one";
  const text = Array.isArray(forms) && forms.every(Boolean) ? forms[one ? 0 : Math.min(1, forms.length - 1)]
    : one ? singular : plural;
  return format(text, { n, ...args });
}

export const number = (n) => numbers.format(n);

// Francs, as the games write them: "12F".
export const francs = (n) => _("{amount}F", { amount: n });

export function dateTime(iso) {
  return new Intl.DateTimeFormat(LANG, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

// The language picker on every page: the choice is remembered in a cookie (a year), which the server reads for
// every page, request and WebSocket of this browser; the page is then drawn again in that language.
const picker = document.getElementById("lang");
picker?.addEventListener("change", () => {
  document.cookie = `lang=${encodeURIComponent(picker.value)}; path=/; max-age=31536000; samesite=lax`;
  location.reload();
});
