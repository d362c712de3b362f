// Zero's page shell: honest loading progress, load-failure handling and the Retry button.
// Runs before Python; PyScript itself is imported from here so that a failure to load it
// is caught too.  No inline scripts in index.html (a strict CSP comes later).
//
// Contract with Python: main.py sets <html data-app="ready"> once the page is interactive.
// On a failure this file sets data-app="error" and shows a plain-language message.

import "./offline.js"; // service worker: offline play and "a new version is ready"
import { find as findSnapshot, forget as forgetSnapshot } from "./snapshot.mjs";

// This device's snapshot of the started runtime, if it has one: read now, while PyScript loads.  Once it is
// found, what PyScript fetches right after the restore is asked for too (a round trip through the service worker
// each, on a restored start's path): the [files] archive (pyscript.toml) and main.py.  Not otherwise: Python's
// start takes seconds, and a preload unused for that long is a console warning.
findSnapshot().then((snapshot) => {
  if (!snapshot) return;
  for (const path of ["./files.zip", "../main.py"]) preload(new URL(path, import.meta.url).href, "preload", "fetch");
});

const root = document.documentElement;
const byId = (id) => document.getElementById(id);

// The start's progress: a line under the first screen (index.html; its words are first.js's, in the page's
// language), its bar moved as each step really happens: page scripts, the runtime's download, Python's
// start, the game.
let step = 0;
function reach(n) {
  if (root.dataset.app !== "loading" || n <= step) return;
  step = n;
  const bar = byId("loading-bar");
  if (bar) bar.value = n;
}

// Plain-language messages, by what went wrong.
const MESSAGES = {
  runtime: "Part of the game (the Python runtime that runs it) failed to load.",
  offline: "You seem to be offline, and the game's files could not be loaded.",
  startup: "The game hit a problem while starting up.",
};

function fail(reason, kind = "runtime") {
  if (root.dataset.app !== "loading") return;
  root.dataset.app = "error";
  performance.mark("tabletop:error");
  console.error("Zero failed to start:", reason);
  // Why, for whoever reads the page (DevTools, the browser tests' failure messages): the console may be gone.
  root.dataset.failure = String(reason).slice(0, 300);
  // A start from a snapshot that then failed: the next try starts the usual way.
  if (root.dataset.snapshot === "restored") forgetSnapshot("the start from it failed");
  const loading = byId("loading");
  if (loading) loading.hidden = true;
  const panel = byId("load-error");
  const message = byId("load-error-message");
  if (message) {
    message.textContent = navigator.onLine === false ? MESSAGES.offline : MESSAGES[kind];
  }
  if (panel) panel.hidden = false;
  byId("retry")?.focus();
}

byId("retry")?.addEventListener("click", () => location.reload());

// A mark for measurements (tests, bench/startup.py) when Python declares the page ready.
new MutationObserver((_, observer) => {
  if (root.dataset.app === "ready") {
    performance.mark("tabletop:ready");
    observer.disconnect();
  }
}).observe(root, { attributes: true, attributeFilter: ["data-app"] });

// Any uncaught error before the page is ready means it will not become ready.
addEventListener("error", (event) => fail(event.message || event.error), true);
addEventListener("unhandledrejection", (event) => fail(event.reason));

// The boot's long parts, named for the benchmarks and DevTools' timeline: performance.measure("tabletop:boot:…")
// (bench/startup.py reads them, then clears them).  First paint is the browser's own paint timing.
function measure(name, start) {
  try {
    performance.measure(`tabletop:boot:${name}`, { start, end: performance.now() });
  } catch { /* an old engine without measure options: no figure */ }
}

const fileName = (url) => String(url).split("?")[0].split("/").pop();

// Pyodide starts the runtime's downloads early and does not report all their failures: when
// pyodide.asm.wasm fails (no connection, an error status, a truncated or damaged file) after its
// loader began waiting for it, Pyodide only logs "wasm instantiation failed!" and never settles,
// so no error event comes and the page would say "loading" for ever.  (Only a download failing
// before the loader waits surfaces, as an unhandled rejection: a race on network timing.)
// So watch the runtime's own files explicitly, as the page's fetches settle.
const RUNTIME_FILES = new Set(["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]);
const pageFetch = globalThis.fetch;

// The runtime's WebAssembly, compiled from the first paint on (as it streams in, on the browser's own threads)
// instead of from when PyScript has started and Pyodide asks for it: that is a few hundred milliseconds later,
// and Firefox and WebKit compile it afresh at every visit (about 300-500 ms, a restored start's longest step).
// Pyodide's own request for it is then answered with this response, and its instantiation uses this module.
const RUNTIME = new URL("./vendor/pyodide/", import.meta.url).href;
const WASM = "pyodide.asm.wasm";
const wasmURL = `${RUNTIME}${WASM}`;
let early = null; // {response, module}: promises, until Pyodide has asked for the wasm

// On a first visit the runtime's big files (13 MB: the wasm, the standard library, Pyodide's JavaScript) are
// asked for once the first screen has painted, not from the page's head: on a slow link they would share it with
// the page's own style sheets, and Lighthouse counts every download that ended before the largest paint as part
// of it (one that ended first on a fast machine made its LCP 11 s, the 13 MB at its simulated 10 Mbit/s).
function preload(url, rel, as) {
  const link = document.createElement("link");
  link.rel = rel;
  link.href = url;
  if (as) {
    link.as = as;
    link.crossOrigin = "anonymous"; // as Pyodide and PyScript fetch them: same-origin credentials
  }
  document.head.append(link);
}

function fetchRuntime() {
  preload(`${RUNTIME}pyodide.asm.mjs`, "modulepreload");
  preload(`${RUNTIME}python_stdlib.zip`, "preload", "fetch");
  preload(`${RUNTIME}pyodide-lock.json`, "preload", "fetch");
  if (!WebAssembly.compileStreaming) return;
  // Already compiling since early.js (a return visit), else from now.
  const given = globalThis.tabletopRuntimeWasm?.url === wasmURL ? globalThis.tabletopRuntimeWasm : null;
  const response = given?.response ?? pageFetch(wasmURL);
  const started = given?.started ?? performance.now();
  early = { response, module: given?.module ?? WebAssembly.compileStreaming(response) };
  globalThis.tabletopRuntimeWasm = early; // early.js, running after this: nothing to start
  early.module.then(() => measure("wasm compiled", started), () => {}); // a failure: reported when Pyodide asks
}

globalThis.fetch = function fetch(input, init) {
  const url = input instanceof Request ? input.url : String(input);
  const name = fileName(url);
  let result;
  if (early && name === WASM && new URL(url, location.href).href === wasmURL) {
    result = early.response; // already on its way (and its body already compiling)
  } else {
    result = pageFetch(input, init);
  }
  if (root.dataset.app === "loading" && RUNTIME_FILES.has(name)) {
    result.then(
      (response) => response.ok || fail(`${name}: HTTP status ${response.status}`),
      (error) => fail(`${name}: ${error}`),
    );
  }
  return result;
};
const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = function (source, imports) {
  const started = performance.now();
  let result;
  if (early && source === early.response) {
    const { module } = early;
    early = null; // once: a later start (none today) would fetch and compile for itself
    globalThis.tabletopRuntimeWasm = {}; // taken: the page keeps nothing of it, and early.js has nothing to start
    result = module.then((compiled) => WebAssembly.instantiate(compiled, imports)
      .then((instance) => ({ module: compiled, instance })));
  } else {
    result = instantiateStreaming.call(WebAssembly, source, imports);
  }
  result.then(() => measure("wasm download and instantiation", started), () => {});
  result.catch(async (error) => {
    const response = await Promise.resolve(source).catch(() => null); // reported by fetch above
    if (response && RUNTIME_FILES.has(fileName(response.url))) fail(`${fileName(response.url)}: ${error}`);
  });
  return result;
};

// A return visit (a service worker controls the page): the runtime's files come from its cache, so nothing of
// theirs shares a link with the first screen, and the wasm's compile is a restored start's longest step in
// Firefox and WebKit, which keep no compiled code between visits (docs/browsers.md): asked for and compiled at
// once, not after the first paint.
const returning = Boolean(navigator.serviceWorker?.controller);
if (returning) fetchRuntime();

// Progress from the runtime's downloads, as they complete (Resource Timing).
const pending = new Set(["pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs"]);
new PerformanceObserver((list, observer) => {
  for (const entry of list.getEntries()) {
    const name = fileName(entry.name);
    if (pending.delete(name) && pending.size === 0) {
      reach(2);
      observer.disconnect();
    }
  }
}).observe({ type: "resource", buffered: true });

// PyScript's own progress events (polyscript: "Loading Pyodide", "Loaded Pyodide",
// "Loading files", "Loaded files").
const progress = {};
addEventListener("py:progress", ({ detail }) => {
  progress[detail] = performance.now();
  if (detail === "Loaded Pyodide" && progress["Loading Pyodide"]) {
    measure("runtime: the standard library and Python's start", progress["Loading Pyodide"]);
  }
  if (detail === "Loaded files" && progress["Loading files"]) measure("the game's files", progress["Loading files"]);
  if (detail === "Loading Pyodide") reach(1);
  else if (detail === "Loading files" || detail === "Loaded Pyodide") {
    reach(2);
    if (detail === "Loading files") reach(3);
  }
});

// main.py must make the page ready before it finishes; if it ends (say, with a Python
// exception, which PyScript reports but does not throw) and the page is still loading, say so.
document.addEventListener("py:done", () => {
  if (root.dataset.app === "loading") fail("main.py finished without making the page ready", "startup");
}, true);

// Let the shell paint before PyScript's start-up work takes the main thread (PyScript's own small files are
// already on their way: index.html modulepreloads them); then, on a first visit, the runtime's downloads.  Where
// the first screen has painted already (a return visit's module scripts, from the service worker, usually come
// after it), no frame is waited for.
if (!returning || performance.getEntriesByType("paint").length === 0) {
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
if (!returning) fetchRuntime();

try {
  const started = performance.now();
  const { hooks } = await import("./vendor/pyscript/core.js");
  hooks.main.onReady.add(() => {
    measure("PyScript to Python ready", started);
    reach(3);
  });
  // PyScript compiles its *worker* hooks with Function() as soon as Python starts, which a CSP
  // without 'unsafe-eval' blocks.  The game runs no PyScript workers, so drop the one built-in
  // worker hook (it sets up pyscript.fs inside workers) and keep script-src free of eval.
  hooks.worker.onBeforeRunAsync.clear();
} catch (error) {
  fail(error);
}
