// The first screen before Python: in the visitor's language, and a tap on it kept for when Python is ready.
//
// index.html holds the choice of game as Python paints it (drawn by tools/firstscreen.py), in English, and the
// other languages in <template id="first-LANG">.  This script runs as the page is parsed, before its first
// paint: it swaps in the stored language (the shell's preferences), else the browser's.  A tap on a game, or
// a change of language, made before Python is ready is kept on <html> (data-pending, data-first-lang) and
// carried out by the shell when it starts (tabletop/web/shell.py).  No inline script: the CSP allows only
// this origin's files.

(() => {
  const root = document.documentElement;
  const PREFS_KEY = "zero-knizia:prefs"; // tabletop/prefs.py
  const byId = (id) => document.getElementById(id);
  const have = (lang) => lang === "en" || byId(`first-${lang}`) !== null;

  function stored() {
    try {
      const values = JSON.parse(localStorage.getItem(PREFS_KEY) || "{}").values || {};
      return values;
    } catch {
      return {}; // no storage, or site data blocked: the browser's language
    }
  }

  function browserLanguage() {
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const base = String(tag).split(/[-_]/)[0].toLowerCase();
      if (have(base)) return base;
    }
    return "en";
  }

  // The first screen's words around it (title, masthead, start-up line), from its data-* attributes.
  function dress(first) {
    const d = first.dataset;
    root.lang = d.lang;
    document.title = d.title;
    const brand = document.querySelector(".masthead h1");
    const tagline = document.querySelector(".masthead .tagline");
    if (brand) brand.textContent = d.brand;
    if (tagline) tagline.textContent = d.tagline;
    byId("app")?.setAttribute("aria-label", d.label);
    say();
  }

  // A phone opened at a table's link (#j=, or ?join= from the app's "Scan the table's code") joins that table: the
  // choice of games is not for it, and its start-up line says it is joining (its code follows once Python is up).
  const joining = location.hash.startsWith("#j=") || new URLSearchParams(location.search).has("join");

  // The start-up line: the games getting ready, or the game that opens once they are, or the table joined.
  function say() {
    const first = byId("first");
    const line = byId("loading-step");
    if (!first || !line) return;
    first.hidden = joining;
    if (joining) {
      line.textContent = first.dataset.joining;
      return;
    }
    const game = root.dataset.pending;
    const name = game && first.querySelector(`.game-${CSS.escape(game)} h2`)?.textContent;
    line.textContent = name ? first.dataset.opening.replace("{name}", name) : first.dataset.starting;
  }

  function show(lang) {
    const first = byId("first");
    if (!first || first.dataset.lang === lang) return;
    if (first.dataset.lang === "en") english = first;
    const template = lang === "en" ? null : byId(`first-${lang}`);
    let next;
    if (template) {
      next = template.content.firstElementChild.cloneNode(true);
    } else { // back to English: keep this page's own copy
      next = english;
    }
    first.replaceWith(next);
    if (root.dataset.pending) next.querySelector(`[data-arg="${CSS.escape(root.dataset.pending)}"]`)
      ?.setAttribute("aria-pressed", "true");
    dress(next);
  }
  let english = null;

  const prefs = stored();
  const lang = typeof prefs.lang === "string" && have(prefs.lang) ? prefs.lang : browserLanguage();
  show(lang);
  // A game the link or the last visit chose opens at start (the shell decides); say so meanwhile.
  const linked = new URLSearchParams(location.search).get("game");
  const chosen = linked || (typeof prefs.game === "string" ? prefs.game : "");
  if (chosen && document.querySelector(`#first [data-action="open-game"][data-arg="${CSS.escape(chosen)}"]`)) {
    root.dataset.pending = chosen;
  }
  say();

  const waiting = () => root.dataset.app === "loading";
  const app = byId("app");
  app?.addEventListener("click", (event) => {
    const button = event.target.closest?.('#first [data-action="open-game"]');
    if (!button || !waiting()) return;
    root.dataset.pending = button.dataset.arg;
    for (const other of document.querySelectorAll('#first [data-action="open-game"]')) {
      other.setAttribute("aria-pressed", other === button ? "true" : "false");
    }
    say();
  });
  app?.addEventListener("change", (event) => {
    const select = event.target.closest?.('#first select[data-field="lang"]');
    if (!select || !waiting()) return;
    root.dataset.firstLang = select.value;
    show(select.value);
    byId("first")?.querySelector('select[data-field="lang"]')?.focus();
  });
})();
