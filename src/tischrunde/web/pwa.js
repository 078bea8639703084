// Installable app: registers the service worker (sw.js), which keeps the app shell for a flaky network.
// The worker never touches the API or the WebSocket; a new server version installs a new worker.

if ("serviceWorker" in navigator && window.isSecureContext) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // no worker (private mode, an old browser): the app works the same, only without the offline shell
    });
  });
}
