// Offline play: registers the service worker (sw.js, at the site root) and offers a new version when one is ready.
// Imported by assets/boot.js.  No-op where service workers are unavailable: plain HTTP to another
// machine (python serve.py --lan) is not a secure context, so the game then needs the network.
//
// State for the page and tests, on <html data-offline="…">:
//   unavailable  no service worker in this browser or context
//   installing   the worker is storing the game's files
//   ready        a worker controls the page: the game works offline
//   update       a new version is installed and waits for the player (banner shown)
//   failed       registration failed (the game still runs online)
//
// The banner's words live in index.html (#update-banner): the game's i18n can replace them.
// Before reloading for an update the page dispatches "tabletop:before-update" on document, so the
// game can save the match in progress synchronously.

const root = document.documentElement;
const CHECK_EVERY_MS = 60 * 60 * 1000; // a long match on a tablet still hears of new versions

let reloadRequested = false;

function setState(state) {
  root.dataset.offline = state;
}

let waitingWorker = null;

function offerUpdate(worker) {
  const banner = document.getElementById("update-banner");
  if (!banner) return;
  const first = waitingWorker === null;
  waitingWorker = worker; // a later release replaces an earlier one that was still waiting
  setState("update");
  banner.hidden = false;
  if (!first) return;
  document.getElementById("update-reload")?.addEventListener("click", () => {
    reloadRequested = true;
    document.dispatchEvent(new CustomEvent("tabletop:before-update"));
    waitingWorker.postMessage({ type: "SKIP_WAITING" });
  });
  document.getElementById("update-later")?.addEventListener("click", () => {
    banner.hidden = true;
  });
}

// The release a worker is (sw.js answers VERSION), or null if it does not say within a few seconds
// (a worker from before it could).
function versionOf(worker) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 3000);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    worker.postMessage({ type: "VERSION" }, [channel.port2]);
  });
}

async function register() {
  const container = navigator.serviceWorker;
  // Reload only when the player asked for it: the first install also changes the controller.
  container.addEventListener("controllerchange", () => {
    if (reloadRequested) location.reload();
  });
  const registration = await container.register("./sw.js", { scope: "./", updateViaCache: "none" });

  const offerIfWaiting = async () => {
    const waiting = registration.waiting;
    const active = container.controller;
    if (!waiting || !active) return;
    // A reload while the first worker was still installing can make the browser (WebKit) install the
    // same release a second time: it then waits behind itself. That is nothing new to offer: let it in.
    const [next, now] = await Promise.all([versionOf(waiting), versionOf(active)]);
    if (next !== null && next === now) {
      waiting.postMessage({ type: "SKIP_WAITING" });
      return;
    }
    if (registration.waiting === waiting) offerUpdate(waiting);
  };
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!container.controller) setState("installing");
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offerIfWaiting();
    });
  });
  await offerIfWaiting();

  await container.ready;
  if (!container.controller) {
    await new Promise((resolve) => container.addEventListener("controllerchange", resolve, { once: true }));
  }
  if (root.dataset.offline !== "update") setState("ready");

  const check = () => registration.update().catch(() => {}); // offline: nothing to do
  setInterval(check, CHECK_EVERY_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
}

function start() {
  register().catch((error) => {
    setState("failed");
    console.warn("Zero: offline mode is not available:", error);
  });
}

if (!("serviceWorker" in navigator)) {
  setState("unavailable");
} else if (root.dataset.app === "ready") {
  start();
} else {
  // Register once the game is running: the worker then fills its cache from the files the page
  // has just loaded (revalidations) instead of competing with the page for the first download.
  new MutationObserver((_, observer) => {
    if (root.dataset.app === "ready") {
      observer.disconnect();
      start();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-app"] });
}
