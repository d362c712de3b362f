// The Python runtime as PyScript loads it (pyscript.toml's `interpreter`): the vendored Pyodide, restored
// from this device's snapshot of a started interpreter when there is a usable one (see snapshot.mjs).
//
// PyScript 0.7.31 imports the `interpreter` module and uses two of its exports: `version` (for its
// package cache's name and version checks) and `loadPyodide`, which it calls once, with {stdout, stderr,
// indexURL} (indexURL: this module's folder, so it is set again here to the runtime's own folder).
// Everything else it does with the interpreter it gets back (writing the [files], registering its
// modules, running main.py) is the same whether Python was started or restored.

import * as pyodide from "./vendor/pyodide/pyodide.mjs";
import { find } from "./snapshot.mjs";

export const version = pyodide.version;

const RUNTIME = new URL("./vendor/pyodide/", import.meta.url).href;
const root = document.documentElement;

// Pyodide 314.0.7 asks for a heap the snapshot's size (`INITIAL_MEMORY`), but its build declares the memory
// in the WebAssembly module (30 MiB) and never reads that setting, then copies the snapshot in without a
// check: one of more than 30 MiB fails with "offset is out of bounds" (V8) or "source array is too long"
// (SpiderMonkey); pyodide/pyodide#6254.  Ours is a little over.  So the module is made the usual way (the
// same factory Pyodide would import) and its heap grown to the snapshot's size before Pyodide restores it.
function roomFor(size) {
  return async (settings) => {
    const { default: factory } = await import(`${RUNTIME}pyodide.asm.mjs`);
    const module = await factory(settings);
    if (module.HEAP8.length < size && !module.growMemory(size)) {
      throw new Error(`no room for the snapshot (${size} bytes) in the runtime's memory`);
    }
    return module;
  };
}

export async function loadPyodide(options = {}) {
  const config = { ...options, indexURL: RUNTIME };
  const snapshot = await find();
  if (snapshot) {
    try {
      // A promise-like, so that Pyodide's config (kept for the session) does not hold the bytes.
      const bytes = { then: (resolve) => resolve(snapshot.take()) };
      const createPyodideModule = roomFor(snapshot.size);
      const py = await pyodide.loadPyodide({ ...config, _loadSnapshot: bytes, createPyodideModule });
      root.dataset.snapshot = "restored";
      performance.mark("tabletop:snapshot-restored");
      return py;
    } catch (error) {
      // Another runtime build's, or damaged in a way the checksum cannot see: start the usual way.
      await snapshot.discard(error);
    }
  }
  return pyodide.loadPyodide(config);
}
