// Makes this device's snapshot of the started Python runtime, off the page's thread (see snapshot.mjs).
//
// Started by the page once a first visit is ready and idle.  It starts a Pyodide of its own with
// `_makeSnapshot`, writes the game's files into that interpreter's file system, lets the game's Python
// import what the next start needs (tabletop/web/warm.py, `prepare`), takes Pyodide's memory snapshot
// and encodes it; then, once the page has checked that its release is still the one being served, stores
// it.  The interpreter never touches a page: whatever it holds of JavaScript is the worker's globals by
// name, which a restore binds to the page's own.
//
// Messages in:  {files: [[absolute url, path]], modules: [names], prepare: "module:function"},
//               then {store: cache name, url}.
// Messages out: {size, stored (bytes), times, summary} or {error}; then {} or {error}.

import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { encode } from "./snapshot.mjs";

const RUNTIME = new URL("./vendor/pyodide/", import.meta.url).href;

async function write(py, url, path) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const file = py.PATH.join2(py.FS.cwd(), path);
  py.FS.mkdirTree(py.PATH.dirname(file));
  py.FS.writeFile(file, bytes);
}

let stored = null;

self.onmessage = async ({ data }) => {
  if (data.store) {
    try {
      const cache = await caches.open(data.store);
      await cache.put(data.url, new Response(stored, { headers: { "Content-Type": "application/octet-stream" } }));
      self.postMessage({});
    } catch (error) {
      self.postMessage({ error: String(error) });
    }
    return;
  }
  const times = {};
  let at = performance.now();
  const lap = (name) => {
    const now = performance.now();
    times[name] = now - at;
    at = now;
  };
  try {
    const quiet = () => {};
    const py = await loadPyodide({ indexURL: RUNTIME, _makeSnapshot: true, stdout: quiet, stderr: quiet });
    lap("runtime");
    await Promise.all(data.files.map(([url, path]) => write(py, url, path)));
    lap("files");
    // Python values only (no JavaScript object may be left referenced from Python in the snapshot).
    const [module, name] = data.prepare.split(":");
    const owner = py.pyimport(module);
    const prepare = owner[name];
    const args = [py.toPy(data.files.map(([, path]) => path)), py.toPy(data.modules)];
    const result = prepare(...args);
    const summary = result.toJs({ dict_converter: Object.fromEntries });
    for (const proxy of [result, ...args, prepare, owner]) proxy.destroy();
    lap("imports");
    const snapshot = py.makeMemorySnapshot();
    lap("snapshot");
    stored = encode(snapshot);
    lap("encode");
    self.postMessage({ size: snapshot.length, stored: stored.byteLength, times, summary });
  } catch (error) {
    self.postMessage({ error: String(error?.stack || error) });
  }
};
