// The shell's one state object and the two hooks every screen needs: render() (patch the page from the
// state) and navigate(path). The router sets both (setRouter); nothing here imports a screen, so the
// shell modules never import each other in a circle.

export const NAME_KEY = "tischrunde.name";
export const LOG_LINES = 40;

export const app = {
  games: null, // GameSpec list from /api/games
  room: null, // room code of the current route
  role: "player",
  conn: null,
  status: "idle", // connection status
  seat: null,
  info: null, // RoomInfo
  state: null, // last StateMsg
  log: [],
  // the log entries of the newest state that had any: what the live region says with the status
  said: [],
  error: null,
  stateAt: 0, // performance.now() when the last state arrived
  menuOpen: false,
  wakeLock: null,
  waiting: false, // joined during a game: watching it, holding a seat in the next one
  everOpen: false, // the connection was up once (so a later drop is "lost", not "connecting")
  sending: null, // {at, node}: an action sent and not answered yet
  joinInfo: null, // GET /api/rooms/CODE/join (reachable link), per room
  preview: null, // GET /api/rooms/CODE for the join page
  nameError: null, // the join form's refusal (name_taken)
};

const hooks = { render: () => {}, route: () => {} };

/** The router's render and route functions (router.js calls this once). */
export function setRouter(render, route) {
  hooks.render = render;
  hooks.route = route;
}

/** Patch the page to show the current state. */
export function render() {
  hooks.render();
}

export function navigate(path) {
  history.pushState(null, "", path);
  hooks.route();
}

/** The server knows the game-night ops (to_lobby, set_game, first_seat): its RoomInfo has `evening`. */
export function night() {
  return Boolean(app.info && Array.isArray(app.info.evening));
}

export function isHost() {
  // the table screen the room was made on holds host rights too (the server checks its token)
  if (app.info && app.role === "table" && app.tableHost) return true;
  return app.info && app.seat !== null && app.info.host_seat === app.seat;
}

export function seatName(seat) {
  const s = app.info && app.info.seats.find((x) => x.seat === seat);
  return s ? s.name : `#${seat + 1}`;
}

/** Game time now (ms), estimated from the last state's server clock. */
export function gameNow() {
  if (!app.state) return 0;
  return app.state.now_ms + (performance.now() - app.stateAt);
}

/** Has the server welcomed this connection once (a seat or a room)? */
export function welcomedOnce() {
  return app.seat !== null || app.info !== null;
}
