// A return visit's first step: the runtime's WebAssembly asked for and compiled as the page's head is read.
//
// On a return visit (a service worker controls the page) the compile is a restored start's longest step in
// Firefox and WebKit, which keep no compiled code between visits (docs/browsers.md), so it starts here, in an
// async classic script that runs as soon as it arrives: before the style sheets are in and before boot.js's
// module graph is (30-60 ms earlier).  boot.js takes the promises over (tabletopRuntimeWasm) and hands Pyodide the
// module; where this script ran late or not at all, boot.js starts the compile itself.  A first visit does
// nothing here: there the runtime's files wait for the first paint (boot.js says why).

(() => {
  if (!navigator.serviceWorker?.controller || !WebAssembly.compileStreaming || globalThis.tabletopRuntimeWasm) return;
  const url = new URL("./vendor/pyodide/pyodide.asm.wasm", document.currentScript.src).href;
  const started = performance.now();
  const response = fetch(url);
  const module = WebAssembly.compileStreaming(response);
  module.catch(() => {}); // a failure is reported by boot.js, when Pyodide asks for the wasm
  globalThis.tabletopRuntimeWasm = { url, started, response, module };
})();
