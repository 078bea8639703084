// The service worker: the app shell from the cache at once, updated in the background.
// Never the API (/api/) nor the WebSocket (/ws): those always go to the server.
// The server writes its version into this file, so a new server version is a new worker, which
// replaces the old one and drops its cache.

const VERSION = "__VERSION__";
const CACHE = `tischrunde-${VERSION}`;
const PREFIX = `/static/${VERSION}/`;
const SHELL = "/";
// the shell's modules (app.js and shell/*.js import each other; a missing one would stop the app offline)
const SHELL_MODULES = [
  "shell/actions.js",
  "shell/context.js",
  "shell/cues.js",
  "shell/errors.js",
  "shell/evening.js",
  "shell/frame.js",
  "shell/games.js",
  "shell/host.js",
  "shell/join.js",
  "shell/lobby.js",
  "shell/menu.js",
  "shell/options.js",
  "shell/players.js",
  "shell/ranking.js",
  "shell/router.js",
  "shell/session.js",
  "shell/start.js",
  "shell/state.js",
  "shell/ui.js",
  "shell/wake.js",
];
const CORE = ["app.js", "i18n.js", "strings/shell.de.js", "strings/shell.en.js", "net.js", "dom.js", "vendor/preact/preact.module.js", "badges.js", "sound.js", "pwa.js", "style.css", "icon.svg", ...SHELL_MODULES].map(
  (f) => PREFIX + f,
);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, ...CORE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("tischrunde-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function fromNetwork(request, cache, key) {
  return fetch(request).then((response) => {
    if (response.ok) cache.put(key, response.clone());
    return response;
  });
}

// the pages of the app (server/app.py: "/" and "/r/CODE"): only these are the shell; any other navigation
// (the manifest, /sw.js, a plain /static/ file, a 404) goes to the network untouched
function isAppRoute(pathname) {
  return pathname === "/" || /^\/r\/[^/]+\/?$/.test(pathname);
}

// the shell is kept only when the server answered with an HTML page
function isPage(response) {
  return response.ok && (response.headers.get("content-type") || "").startsWith("text/html");
}

function shellFromNetwork(request, cache) {
  return fetch(request).then((response) => {
    if (isPage(response)) return cache.put(SHELL, response.clone()).then(() => response);
    return response;
  });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/") || url.pathname === "/ws") return;
  if (request.mode === "navigate") {
    if (!isAppRoute(url.pathname)) return;
    // every page of the app is the same shell; the route is read by app.js
    event.respondWith(
      caches.open(CACHE).then(async (cache) => {
        const cached = await cache.match(SHELL);
        const fresh = shellFromNetwork(request, cache);
        if (cached) {
          event.waitUntil(fresh.catch(() => undefined));
          return cached;
        }
        return fresh;
      }),
    );
    return;
  }
  if (url.pathname.startsWith(PREFIX)) {
    // versioned files never change: the cache first, the network once
    event.respondWith(
      caches.open(CACHE).then(async (cache) => (await cache.match(request)) || fromNetwork(request, cache, request)),
    );
  }
});
