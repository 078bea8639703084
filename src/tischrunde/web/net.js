// The WebSocket client: Hello with the seat token kept per room, a heartbeat that finds a dead connection
// within 5 s, reconnect with backoff, resume silently.

const PROTOCOL_VERSION = 1;
export const PING_EVERY_MS = 2000; // the contract: a ping every 2 s ...
export const PONG_WITHIN_MS = 3000; // ... and no answer within 3 s means the connection is lost
const MAX_BACKOFF_MS = 4000;

export function tokenKey(room) {
  return `tischrunde.token.${room}`;
}

export function loadToken(room) {
  return localStorage.getItem(tokenKey(room));
}

export function saveToken(room, token) {
  if (token) localStorage.setItem(tokenKey(room), token);
  else localStorage.removeItem(tokenKey(room));
}

/** The table token of a room this device made for its table screen (host rights, no seat). */
export function tableTokenKey(room) {
  return `tischrunde.table.${room}`;
}

export function loadTableToken(room) {
  return localStorage.getItem(tableTokenKey(room));
}

export function saveTableToken(room, token) {
  if (token) localStorage.setItem(tableTokenKey(room), token);
  else localStorage.removeItem(tableTokenKey(room));
}

export class Connection {
  /**
   * @param {{room: string, role: string, name?: string|null, onMessage: Function, onStatus: Function}} opts
   * onStatus receives "connecting" | "open" | "closed" ("closed": lost, a reconnect is on its way).
   * onLost(): the connection was found dead (heartbeat, the browser going offline, or the socket closing);
   * whatever was sent on it and not answered yet may never have arrived.
   */
  constructor({ room, role, name, onMessage, onStatus, onLost = () => {} }) {
    this.room = room;
    this.role = role;
    this.name = name || null;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.onLost = onLost;
    this.ws = null;
    this.heardAt = 0; // performance.now() of the last frame from the server on the current socket
    this.backoff = 500;
    this.timer = null;
    this.pingTimer = null;
    this.closedByUs = false;
    this.welcomed = false;
    this.version = 0;
    this.wake = () => this.reconnectNow();
    // the browser knows the network is gone (Wi-Fi off, airplane mode): no need to wait for the heartbeat
    this.gone = () => this.lost();
    window.addEventListener("offline", this.gone);
    this.onVisible = () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    };
    window.addEventListener("online", this.wake);
    document.addEventListener("visibilitychange", this.onVisible);
    this.open();
  }

  open() {
    clearTimeout(this.timer);
    this.timer = null;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws = ws;
    this.welcomed = false;
    this.onStatus("connecting");
    // a handshake that hangs (the network gone mid-way) counts as lost too
    setTimeout(() => {
      if (this.ws === ws && !this.welcomed) this.lost();
    }, PING_EVERY_MS + PONG_WITHIN_MS);
    ws.addEventListener("open", () => {
      const hello = { type: "hello", v: PROTOCOL_VERSION, room: this.room, role: this.role };
      const token = this.role === "player" ? loadToken(this.room) : this.role === "table" ? loadTableToken(this.room) : null;
      if (token) hello.token = token;
      else if (this.name) hello.name = this.name;
      ws.send(JSON.stringify(hello));
      this.heardAt = performance.now();
      this.startHeartbeat(ws);
    });
    ws.addEventListener("message", (ev) => {
      if (this.ws !== ws) return; // a socket given up on: whatever it still says is stale
      this.heardAt = performance.now();
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg.type === "welcome") {
        this.welcomed = true;
        this.backoff = 500;
        if (msg.token) saveToken(this.room, msg.token);
        this.onStatus("open");
      }
      if (msg.type === "state") this.version = msg.version;
      this.onMessage(msg);
    });
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return;
      clearInterval(this.pingTimer);
      this.ws = null;
      if (this.closedByUs) return;
      if (this.welcomed) this.onLost();
      this.onStatus("closed");
      this.schedule();
    });
    ws.addEventListener("error", () => {
      // "close" follows and schedules the reconnect
    });
  }

  /**
   * Ping every 2 s; a socket that has said nothing at all (no pong, no other frame) for 3 s after a ping
   * is dead even if the browser still calls it open (a phone whose Wi-Fi went to sleep).
   */
  startHeartbeat(ws) {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (this.ws !== ws) return clearInterval(this.pingTimer);
      if (ws.readyState !== WebSocket.OPEN) return;
      const sentAt = performance.now();
      ws.send(JSON.stringify({ type: "ping" }));
      // worst case: the line dies just after an answer, the next ping goes 2 s later, 3 s more = 5 s
      setTimeout(() => {
        if (this.ws === ws && this.heardAt < sentAt) this.lost();
      }, PONG_WITHIN_MS);
    }, PING_EVERY_MS);
  }

  /**
   * The connection is dead: say so at once, drop the socket (nothing buffered on it may arrive later) and
   * try again with backoff. A new socket resumes by token and the server sends the room and state afresh.
   */
  lost() {
    if (this.closedByUs) return;
    const ws = this.ws;
    if (ws) {
      this.ws = null;
      clearInterval(this.pingTimer);
      try {
        ws.close();
      } catch {
        // already closing
      }
      if (this.welcomed) this.onLost();
      this.welcomed = false;
      this.onStatus("closed");
    }
    if (!this.timer) {
      this.backoff = Math.min(this.backoff, 1000);
      this.schedule();
    }
  }

  get isOpen() {
    return Boolean(this.ws && this.ws.readyState === WebSocket.OPEN && this.welcomed);
  }

  schedule() {
    if (this.timer || this.closedByUs) return;
    const delay = this.backoff * (0.75 + Math.random() * 0.5);
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
    this.timer = setTimeout(() => this.open(), delay);
  }

  /** Reconnect at once when the page wakes up or the network returns (no-op while connected). */
  reconnectNow() {
    if (this.closedByUs) return;
    if (navigator.onLine === false) return; // the "online" event calls again
    if (this.ws && (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING)) {
      return;
    }
    this.backoff = 500;
    this.open();
  }

  /** A fresh connection right away (the new Welcome says which seat the token holds now). */
  resync() {
    if (this.closedByUs) return;
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    this.open();
  }

  /** Send one frame now, or return false (never queued: a frame that cannot go now is not sent later). */
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN && (this.welcomed || msg.type === "hello")) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  act(action) {
    return this.send({ type: "act", version: this.version, action });
  }

  host(op, extra = {}) {
    return this.send({ type: "host", op, ...extra });
  }

  /**
   * Give the seat up. The server answers with the room without this seat and then closes the socket;
   * from now on nothing reconnects or resyncs (that would join the room again as a new player).
   */
  leave() {
    const sent = this.send({ type: "leave" });
    this.closedByUs = true;
    clearTimeout(this.timer);
    return sent;
  }

  /** Drop the socket now (tests and the reload path use the normal reconnect afterwards). */
  close() {
    this.closedByUs = true;
    clearTimeout(this.timer);
    clearInterval(this.pingTimer);
    window.removeEventListener("online", this.wake);
    window.removeEventListener("offline", this.gone);
    document.removeEventListener("visibilitychange", this.onVisible);
    if (this.ws) this.ws.close();
    this.ws = null;
  }
}
