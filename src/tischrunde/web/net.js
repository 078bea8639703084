// The WebSocket client: Hello with the seat token kept per room, reconnect with backoff, resume silently.

const PROTOCOL_VERSION = 1;

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

export class Connection {
  /**
   * @param {{room: string, role: string, name?: string|null, onMessage: Function, onStatus: Function}} opts
   * onStatus receives "connecting" | "open" | "closed".
   */
  constructor({ room, role, name, onMessage, onStatus }) {
    this.room = room;
    this.role = role;
    this.name = name || null;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ws = null;
    this.backoff = 500;
    this.timer = null;
    this.pingTimer = null;
    this.closedByUs = false;
    this.welcomed = false;
    this.version = 0;
    this.wake = () => this.reconnectNow();
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
    ws.addEventListener("open", () => {
      const hello = { type: "hello", v: PROTOCOL_VERSION, room: this.room, role: this.role };
      const token = this.role === "player" ? loadToken(this.room) : null;
      if (token) hello.token = token;
      else if (this.name) hello.name = this.name;
      ws.send(JSON.stringify(hello));
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), 20000);
    });
    ws.addEventListener("message", (ev) => {
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
      this.onStatus("closed");
      this.schedule();
    });
    ws.addEventListener("error", () => {
      // "close" follows and schedules the reconnect
    });
  }

  schedule() {
    if (this.timer || this.closedByUs) return;
    const delay = this.backoff * (0.75 + Math.random() * 0.5);
    this.backoff = Math.min(this.backoff * 2, 8000);
    this.timer = setTimeout(() => this.open(), delay);
  }

  /** Reconnect at once when the page wakes up or the network returns (no-op while connected). */
  reconnectNow() {
    if (this.closedByUs) return;
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

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
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
    document.removeEventListener("visibilitychange", this.onVisible);
    if (this.ws) this.ws.close();
    this.ws = null;
  }
}
