// The screen stays on during a game (the Wake Lock API, or a tiny muted video where it is missing) and
// is asked again when the page comes back.

import { app } from "./state.js";

/**
 * The screen stays on during a game. The Wake Lock API needs a secure context (https or localhost); on a
 * LAN address (http://192.168.x.y) a tiny muted video drawn from a canvas plays instead, started on the
 * first tap (browsers let media play only after one). It is a MediaStream (srcObject), never a URL, so the
 * strict CSP needs no media-src. The lock is asked again when the page becomes visible again.
 */
function wakeApi() {
  return window.isSecureContext && "wakeLock" in navigator;
}

export function wantAwake() {
  return Boolean(app.info && app.info.status === "playing" && app.state && !app.state.outcome);
}

export function acquireWakeLockLater(want) {
  if (!want) return releaseWakeLock();
  if (!wakeApi()) return startWakeFallback();
  if (app.wakeLock || app.wakeLockAsked || document.visibilityState !== "visible") return;
  app.wakeLockAsked = true;
  navigator.wakeLock
    .request("screen")
    .then((lock) => {
      app.wakeLockAsked = false;
      app.wakeLock = lock;
      markAwake();
      lock.addEventListener("release", () => {
        app.wakeLock = null;
        markAwake();
      });
    })
    .catch(() => {
      app.wakeLockAsked = false;
      app.wakeFallbackNeeded = true; // refused (battery saver, no gesture yet): the video, on the next tap
      startWakeFallback();
    });
}

const wakeVideo = { node: null, timer: null, canvas: null };

/** Start (or resume) the fallback video; a no-op without a game or when the real wake lock holds. */
export function startWakeFallback() {
  if (!wantAwake() || app.wakeLock || document.visibilityState !== "visible") return;
  if (wakeApi() && !app.wakeFallbackNeeded) {
    // the API exists: it is tried first; the video only if it was refused
    if (!app.wakeLockAsked) acquireWakeLockLater(true);
    return;
  }
  if (!wakeVideo.node) {
    const canvas = document.createElement("canvas");
    canvas.width = 2;
    canvas.height = 2;
    if (typeof canvas.captureStream !== "function") return;
    const video = document.createElement("video");
    video.className = "wake-video";
    video.setAttribute("muted", "");
    video.setAttribute("playsinline", "");
    video.setAttribute("aria-hidden", "true");
    video.setAttribute("tabindex", "-1");
    video.muted = true;
    video.playsInline = true;
    video.srcObject = canvas.captureStream(1);
    wakeVideo.canvas = canvas;
    wakeVideo.node = video;
    document.body.appendChild(video);
  }
  if (app.wakeFallback && !wakeVideo.node.paused) return; // already playing
  // a stream whose frames never change may count as paused: draw a new pixel every second
  clearInterval(wakeVideo.timer);
  let tick = 0;
  wakeVideo.timer = setInterval(() => {
    const g = wakeVideo.canvas.getContext("2d");
    tick = (tick + 1) % 2;
    g.fillStyle = tick ? "#010101" : "#020202";
    g.fillRect(0, 0, 2, 2);
  }, 1000);
  app.wakeFallback = true;
  const played = wakeVideo.node.play();
  if (played && played.then) played.then(markAwake, () => {});
}

/** What keeps the screen on now, for a look from a test: body[data-awake] "lock", "video" or "". */
function markAwake() {
  const video = wakeVideo.node && app.wakeFallback && !wakeVideo.node.paused;
  document.body.dataset.awake = app.wakeLock ? "lock" : video ? "video" : "";
}

export function releaseWakeLock() {
  if (app.wakeLock) app.wakeLock.release().catch(() => {});
  app.wakeLock = null;
  if (wakeVideo.node) wakeVideo.node.pause();
  clearInterval(wakeVideo.timer);
  app.wakeFallback = false;
  markAwake();
}

/** The browser drops the lock (and pauses media) when the page is hidden: ask again when it is back. */
export function watchVisibility() {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && wantAwake()) acquireWakeLockLater(true);
  });
}
