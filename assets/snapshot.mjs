// This device's snapshot of the started Python runtime: found and checked at start, made after a first visit.
//
// Pyodide can restore a memory snapshot of an interpreter that has already started and imported its
// modules (loadPyodide's `_makeSnapshot` / `makeMemorySnapshot()` / `_loadSnapshot`).  Restoring one skips
// Python's own start and the game's imports, which are most of a start once the files are cached.
//
// - Made in a Web Worker (assets/snapshot-worker.mjs), never on the page's thread, once the first visit
//   is ready and idle and the service worker has stored the game: see `offer` below.
// - Kept in Cache Storage, in the release's own cache (the service worker's, named by sw.js for its
//   VERSION), under a URL naming the runtime's version.  A new release has a new cache, and the service
//   worker deletes the old one with its snapshot: an old release's snapshot can never be restored.
//   Pyodide itself refuses a snapshot made by another runtime build (its header holds the build id).
// - Used only when a service worker controls the page, so that the files the page runs are the
//   release the snapshot was made from (a forced reload bypasses the worker, and the cache).
// - Never worse than no snapshot: a missing, damaged, truncated, unreadable or refused one means the
//   usual start (and a damaged one is deleted); storage refusing a new one leaves the game as it is.
//
// State for tests and benchmarks, on <html>:
//   data-snapshot       how this start went: "restored", "cold" (none stored), "discarded" (one was
//                       stored but could not be used: it is deleted), "late" (the service worker or the
//                       storage did not answer within the start's budget: the usual start, and whatever
//                       is stored is kept for the next), "off" (no service worker controls the page, or
//                       no Cache Storage)
//   data-snapshot-made  after a start without one: "making", "made", "refused" (storage said no),
//                       "failed" (the worker could not make one), "stale" (a new release took over
//                       meanwhile: not stored), "skipped" (refused or failed before, for this release)
// and the marks "tabletop:snapshot-found" (detail: bytes read), "tabletop:snapshot-made" (detail: sizes, times).
//
// Stored format (little-endian 32-bit words), made by `encode` in the worker:
//   [0] MAGIC  [1] length of Pyodide's snapshot  [2] number of runs R  [3] checksum of words 1, 2, 4..end
//   [4 .. 4+2R)  runs of non-zero 4 KiB blocks: first block, number of blocks
//   then the runs' bytes, one after the other (padded to 4 bytes)
// Half of the interpreter's memory is zero pages: leaving them out halves what is read at start.

import { version } from "./vendor/pyodide/pyodide.mjs";

const MAGIC = 0x314e535a; // "ZSN1"
const BLOCK = 4096;
const HEADER_WORDS = 4;
const SNAPSHOT_PATH = "./__snapshot__/pyodide-"; // + the runtime's version, in the release's cache

const root = globalThis.document?.documentElement;
const mark = (name, detail) => performance.mark(name, detail === undefined ? undefined : { detail });
const setState = (name, value) => {
  if (root && !(name === "snapshot" && late)) root.dataset[name] = value;
};

// --- the format -------------------------------------------------------------------------------

// A 32-bit checksum of `words` (continuing from `h`): each step is a bijection of the running value and
// of the word, so any single changed word changes the result; truncation is caught by the lengths.
// (Damage, not attack, is what it guards against: whoever can write this origin's storage can run code
// on it anyway.)
export function checksum(words, h = 0x811c9dc5) {
  for (let i = 0; i < words.length; i++) {
    h = Math.imul(h ^ words[i], 0x9e3779b1);
    h = (h << 13) | (h >>> 19);
  }
  return h >>> 0;
}

// Pyodide's snapshot (a Uint8Array) → the stored bytes (an ArrayBuffer).
export function encode(snapshot) {
  const blocks = Math.ceil(snapshot.length / BLOCK);
  const runs = [];
  let payload = 0;
  for (let block = 0; block < blocks; block++) {
    const start = block * BLOCK;
    const end = Math.min(start + BLOCK, snapshot.length);
    let zero = true;
    for (let i = start; i < end; i++) {
      if (snapshot[i] !== 0) {
        zero = false;
        break;
      }
    }
    if (zero) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === block) last[1] += 1;
    else runs.push([block, 1]);
    payload += end - start;
  }
  const headerBytes = (HEADER_WORDS + 2 * runs.length) * 4;
  const out = new Uint8Array(headerBytes + Math.ceil(payload / 4) * 4);
  const words = new Uint32Array(out.buffer);
  words[0] = MAGIC;
  words[1] = snapshot.length;
  words[2] = runs.length;
  let offset = headerBytes;
  runs.forEach(([block, count], i) => {
    words[HEADER_WORDS + 2 * i] = block;
    words[HEADER_WORDS + 2 * i + 1] = count;
    const bytes = snapshot.subarray(block * BLOCK, Math.min((block + count) * BLOCK, snapshot.length));
    out.set(bytes, offset);
    offset += bytes.length;
  });
  words[3] = checksum(words.subarray(HEADER_WORDS), checksum(words.subarray(1, 3)));
  return out.buffer;
}

// The stored bytes → Pyodide's snapshot, or an Error saying what is wrong with them.
export function decode(buffer) {
  if (buffer.byteLength < HEADER_WORDS * 4 || buffer.byteLength % 4 !== 0) return new Error("truncated");
  const words = new Uint32Array(buffer);
  const [magic, length, count] = words;
  if (magic !== MAGIC) return new Error("not a snapshot of this format");
  const headerBytes = (HEADER_WORDS + 2 * count) * 4;
  if (headerBytes > buffer.byteLength) return new Error("truncated");
  if (checksum(words.subarray(HEADER_WORDS), checksum(words.subarray(1, 3))) !== words[3]) {
    return new Error("damaged (checksum)");
  }
  const snapshot = new Uint8Array(length);
  const stored = new Uint8Array(buffer);
  let offset = headerBytes;
  for (let i = 0; i < count; i++) {
    const start = words[HEADER_WORDS + 2 * i] * BLOCK;
    const end = Math.min(start + words[HEADER_WORDS + 2 * i + 1] * BLOCK, length);
    if (end <= start || offset + end - start > buffer.byteLength) return new Error("damaged (runs)");
    snapshot.set(stored.subarray(offset, offset + end - start), start);
    offset += end - start;
  }
  if (Math.ceil(offset / 4) * 4 !== buffer.byteLength) return new Error("damaged (length)");
  return snapshot;
}

// --- where it is kept -------------------------------------------------------------------------

// The controlling service worker's answer to `type` (sw.js: "CACHE"), or null after `wait` ms
// (a worker from before this file does not answer it).
function ask(worker, type, wait) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), wait);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(typeof event.data === "string" ? event.data : null);
    };
    worker.postMessage({ type }, [channel.port2]);
  });
}

// Where this page's snapshot is kept: {worker, cache, url} for the release the controlling service
// worker serves, or null (no worker controls the page, no Cache Storage, or a worker too old to say).
async function place(wait) {
  const worker = globalThis.navigator?.serviceWorker?.controller;
  if (!worker || !globalThis.caches) return null;
  const cache = await ask(worker, "CACHE", wait);
  if (!cache) return null;
  return { worker, cache, url: new URL(SNAPSHOT_PATH + version, worker.scriptURL).href };
}

async function remove(where) {
  try {
    const cache = await caches.open(where.cache);
    await cache.delete(where.url);
  } catch {
    // Storage that cannot even delete: nothing to do, the next start checks again.
  }
}

// A release for which this device will not try again (its storage refused the snapshot, or the worker
// could not make one): trying costs seconds of a core at every visit.  Losing this costs one more try.
const SKIP_KEY = "zero-knizia:snapshot-skip";

function skipped(where) {
  try {
    return localStorage.getItem(SKIP_KEY) === where.cache;
  } catch {
    return false;
  }
}

function skip(where) {
  try {
    if (where) localStorage.setItem(SKIP_KEY, where.cache);
    else localStorage.removeItem(SKIP_KEY);
  } catch {
    // No local storage either: the next visit tries again.
  }
}

// --- at start ---------------------------------------------------------------------------------

// A start never waits longer than this for its snapshot, the worker's answer included: the controlling
// worker answers in a few milliseconds (it has just served the page), and reading one takes tens; on a
// busy device either can take a second or more, and the restore still saves far more than that.  Past it:
// the usual start.
const LOOK_AT_START_MS = 3000;

let found = null;
let late = false; // the start went on without its snapshot

// This start's snapshot: a promise of {take, discard} or null.  Started once, as early as possible
// (boot.js calls it first thing, so the read overlaps PyScript's own loading); runtime.mjs awaits it.
export function find() {
  found ??= Promise.race([
    look(),
    new Promise((resolve) => setTimeout(() => resolve("late"), LOOK_AT_START_MS)),
  ]).then((snapshot) => {
    if (snapshot !== "late") return snapshot;
    console.warn("Zero: the start-up snapshot took too long to read; starting the usual way.");
    setState("snapshot", "late");
    late = true;
    return null;
  }, (error) => {
    console.warn("Zero: the start-up snapshot could not be read; starting the usual way.", error);
    setState("snapshot", "discarded");
    return null;
  });
  return found;
}

// After a start from the snapshot failed: delete it, so the next start is the usual one.
export async function forget(reason) {
  const snapshot = await found;
  if (snapshot) await snapshot.discard(reason);
}

async function look() {
  mark("tabletop:snapshot-look"); // the page's scripts are running: ask the service worker where it is
  const where = await place(LOOK_AT_START_MS);
  if (!where) {
    setState("snapshot", "off");
    return null;
  }
  let response;
  try {
    response = await (await caches.open(where.cache)).match(where.url);
  } catch (error) {
    setState("snapshot", "off"); // storage unavailable (private mode, say): as without a worker
    console.info("Zero: no start-up snapshot (storage unavailable).", error);
    return null;
  }
  if (!response) {
    setState("snapshot", "cold");
    return null;
  }
  mark("tabletop:snapshot-opened"); // the benchmarks: Cache Storage found it (bench/returns.py)
  let bytes;
  try {
    const buffer = await response.arrayBuffer();
    mark("tabletop:snapshot-read");
    bytes = decode(buffer);
  } catch (error) {
    bytes = error instanceof Error ? error : new Error(String(error));
  }
  if (bytes instanceof Error) {
    console.warn(`Zero: the start-up snapshot is unusable (${bytes.message}); starting the usual way.`);
    setState("snapshot", "discarded");
    await remove(where);
    return null;
  }
  mark("tabletop:snapshot-found", { bytes: bytes.length });
  return {
    size: bytes.length, // Pyodide's snapshot: its header and the interpreter's memory
    // The bytes, once: nothing here keeps them after Pyodide has copied them into its memory.
    take: () => {
      const taken = bytes;
      bytes = null;
      return taken;
    },
    discard: (reason) => {
      bytes = null;
      console.warn(`Zero: the start-up snapshot could not be restored (${reason}); starting the usual way.`);
      setState("snapshot", "discarded");
      return remove(where);
    },
  };
}

// --- after a start without one ------------------------------------------------------------------

const WORKER_URL = new URL("./snapshot-worker.mjs", import.meta.url);
const IDLE_TIMEOUT_MS = 5000;
const ASK_LATER_MS = 3000;

const idle = () => new Promise((resolve) => {
  if (globalThis.requestIdleCallback) requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(resolve, 1000); // WebKit has no requestIdleCallback
});

function whenAttribute(name, wanted) {
  return new Promise((resolve) => {
    const done = () => wanted.includes(root.dataset[name]);
    if (done()) return resolve(root.dataset[name]);
    const observer = new MutationObserver(() => {
      if (done()) {
        observer.disconnect();
        resolve(root.dataset[name]);
      }
    });
    observer.observe(root, { attributes: true, attributeFilter: [`data-${name}`] });
  });
}

let offered = false;

// The game's Python offers, once the page is ready (tabletop/web/warm.py, `offer`: a "tabletop:warm" event
// on document), what the snapshot's interpreter should hold: `files`, [url, path] pairs to write into its
// file system (URLs relative to the page), `modules` to import, and `prepare`, the Python function
// ("module:function") that imports them.  A snapshot for the next visit is made if this start had none
// and the service worker is ready: in a worker, once the page is idle, which also stores it, so the page's
// thread only exchanges a few small messages with it.
export async function offer(wanted) {
  if (offered || !root) return;
  offered = true;
  await find();
  // Not after a restore, nor after a start that did not wait for one (one may be stored: the next start
  // tries it); after a snapshot that could not be used, a new one replaces it.
  if (!["cold", "discarded", "off"].includes(root.dataset.snapshot)) return;
  // The service worker stores the game's files first (a first visit), and then controls the page.
  const offline = await whenAttribute("offline", ["ready", "update", "unavailable", "failed"]);
  if (offline !== "ready" && offline !== "update") return;
  await idle();
  const where = await place(ASK_LATER_MS);
  if (!where) return;
  if (skipped(where)) {
    setState("snapshotMade", "skipped");
    return;
  }
  setState("snapshotMade", "making");
  const began = performance.now();
  // The page's own share of the work, timed between awaits: what it does itself while the worker makes
  // the snapshot (for the tests and benchmarks: it must stay a few milliseconds, in small pieces).
  const page = { ms: 0, longest: 0 };
  let since = began;
  const pause = () => {
    const spent = performance.now() - since;
    page.ms += spent;
    page.longest = Math.max(page.longest, spent);
  };
  const resume = () => {
    since = performance.now();
  };
  // What the page waits for is not its own share.
  const waitFor = async (promise) => {
    pause();
    try {
      return await promise;
    } finally {
      resume();
    }
  };
  // A step that failed: said by the page's state and the console, and no snapshot made again for this release.
  const failed = (state, level, message, error) => {
    setState("snapshotMade", state);
    skip(where);
    console[level](message, error);
  };
  const worker = new Worker(WORKER_URL, { type: "module", name: "zero-snapshot" });
  const answer = answers(worker);
  try {
    worker.postMessage({ ...wanted, files: wanted.files.map(([url, path]) => [new URL(url, location.href).href, path]) });
    const made = await waitFor(answer());
    if (made.error) {
      failed("failed", "warn", "Zero: no start-up snapshot was made for the next visit.", made.error);
      return;
    }
    const madeAt = performance.now();
    // Only into the release's cache as it still is: never revive a cache a new release has deleted,
    // nor store for a release the page is no longer controlled by.
    const current = navigator.serviceWorker.controller === where.worker && (await waitFor(caches.has(where.cache)));
    if (!current) {
      setState("snapshotMade", "stale");
      return;
    }
    // The worker stores it (the page's thread never copies the bytes).
    worker.postMessage({ store: where.cache, url: where.url });
    const stored = await waitFor(answer());
    if (stored.error) {
      const message = "Zero: the start-up snapshot was not stored (the game starts the usual way).";
      failed("refused", "info", message, stored.error);
      return;
    }
    skip(null);
    pause();
    mark("tabletop:snapshot-made", {
      snapshot: made.size, stored: made.stored, ms: madeAt - began, worker: made.times,
      storeMs: performance.now() - madeAt, held: made.summary, pageMs: page.ms, pageLongestMs: page.longest,
    });
    setState("snapshotMade", "made");
  } finally {
    worker.terminate();
  }
}

// The worker's messages, one per call; a worker that fails to start answers {error}.
function answers(worker) {
  const waiting = [];
  const queued = [];
  const deliver = (message) => (waiting.length ? waiting.shift()(message) : queued.push(message));
  worker.onmessage = ({ data }) => deliver(data);
  worker.onerror = (event) => deliver({ error: event.message || "the snapshot worker failed to start" });
  return () => new Promise((resolve) => (queued.length ? resolve(queued.shift()) : waiting.push(resolve)));
}

if (root) {
  document.addEventListener("tabletop:warm", (event) => {
    offer(event.detail).catch((error) => console.warn("Zero: no start-up snapshot for the next visit.", error));
  });
}
