// Sound cues made in the browser (Web Audio API, no sound files) and a short vibration for your turn.
// A mute switch is remembered per device; the table screen starts muted (it is often the noisy TV).

const MUTE_KEY = "tischrunde.muted";

// each cue: notes as [frequency Hz, start s, length s], a wave form and a loudness
const CUES = {
  turn: { wave: "sine", gain: 0.25, notes: [[660, 0, 0.12], [880, 0.12, 0.18]] },
  teapot: { wave: "triangle", gain: 0.2, notes: [[1200, 0, 0.05], [1200, 0.25, 0.05], [1200, 0.5, 0.05]] },
  race: { wave: "square", gain: 0.12, notes: [[440, 0, 0.08], [554, 0.08, 0.08], [659, 0.16, 0.12]] },
  caught: { wave: "sawtooth", gain: 0.12, notes: [[523, 0, 0.12], [392, 0.12, 0.12], [262, 0.24, 0.3]] },
  spark: { wave: "sine", gain: 0.2, notes: [[1047, 0, 0.08], [1319, 0.07, 0.08], [1568, 0.14, 0.08], [2093, 0.21, 0.2]] },
};

let context = null;

function audio() {
  if (context === null) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    context = new Ctx();
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

// browsers start audio only after a gesture: the first tap anywhere unlocks it
window.addEventListener("pointerdown", () => audio(), { once: true, capture: true });

// the table screen (often the noisy TV) starts muted; app.js says which screen this is
let tableScreen = false;

export function setTableScreen(on) {
  tableScreen = Boolean(on);
}

/** Muted on this device? The saved switch, else muted on the table screen only. */
export function isMuted(isTable = tableScreen) {
  const saved = localStorage.getItem(MUTE_KEY);
  if (saved === null) return isTable;
  return saved === "1";
}

export function setMuted(muted) {
  localStorage.setItem(MUTE_KEY, muted ? "1" : "0");
}

/** Play one cue by name ("turn", "teapot", "race", "caught", "spark"), unless muted. */
export function cue(name, { isTable = tableScreen } = {}) {
  const spec = CUES[name];
  if (!spec || isMuted(isTable)) return false;
  // a test (and a curious developer) can see which cues played: body[data-last-cue]
  document.body.dataset.lastCue = name;
  const ctx = audio();
  if (ctx === null || ctx.state !== "running") return false;
  const start = ctx.currentTime + 0.01;
  for (const [frequency, at, length] of spec.notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = spec.wave;
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0, start + at);
    gain.gain.linearRampToValueAtTime(spec.gain, start + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start + at);
    osc.stop(start + at + length + 0.02);
  }
  return true;
}

/**
 * A short vibration (ms or a pattern) where the phone has a motor; never on the table screen, and not
 * when this device is muted. The screen always says the same in words.
 */
export function buzz(pattern = [60, 40, 60]) {
  if (tableScreen || isMuted() || typeof navigator.vibrate !== "function") return false;
  // browsers refuse (and log) a vibration before the person has tapped the page at all
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return false;
  try {
    return navigator.vibrate(pattern);
  } catch {
    return false; // not allowed without a user gesture on some browsers
  }
}

export const CUE_NAMES = Object.keys(CUES);
