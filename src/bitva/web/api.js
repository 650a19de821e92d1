// The server's API: REST calls, the WebSocket of a game, and the seat tokens this browser holds
// (localStorage "bitva.seats": {gameId: {seat, token, invites?: {seat: code}, at}}). A request
// that fails on the network is an ApiError with status 0 and tells connection.js that the
// server is out of reach (one banner, not a message per request).
import { reportOffline, reportOnline } from "./connection.js";
import { serverWords } from "./server_words.js";

const SEATS_KEY = "bitva.seats";

export class ApiError extends Error {
  /** `message` as the server wrote it (`serverMessage`); `message` in the page's language. */
  constructor(message, status, rule) {
    super(serverWords(message));
    this.serverMessage = message;
    this.status = status;
    this.rule = rule || null;
  }
}

function readSeats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS_KEY) || "{}") || {};
  } catch (_) {
    return {};
  }
}

export function heldSeats() {
  return readSeats();
}

export function seatFor(gameId) {
  return readSeats()[gameId] || null;
}

export function saveSeat(gameId, data) {
  const all = readSeats();
  all[gameId] = { ...(all[gameId] || {}), ...data, at: Date.now() };
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

export function forgetSeat(gameId) {
  const all = readSeats();
  delete all[gameId];
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

async function request(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (error) {
    reportOffline();
    throw new ApiError("the server cannot be reached", 0, null);
  }
  reportOnline();
  let data = null;
  try {
    data = await response.json();
  } catch (_) {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError((data && data.error) || response.statusText, response.status, data && data.rule);
  }
  return data;
}

const enc = encodeURIComponent;

/** A cheap poll of a game (for a page without its socket): `etag` from the last answer;
 * {changed: false} when nothing changed (304), else {changed: true, etag, data}. */
async function poll(id, token, etag) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (etag) headers["If-None-Match"] = etag;
  let response;
  try {
    response = await fetch(`/api/games/${enc(id)}`, { headers, cache: "no-store" });
  } catch (_) {
    reportOffline();
    throw new ApiError("the server cannot be reached", 0, null);
  }
  reportOnline();
  if (response.status === 304) return { changed: false };
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError((data && data.error) || response.statusText, response.status, data && data.rule);
  return { changed: true, etag: response.headers.get("ETag"), data };
}

export const api = {
  meta: () => request("GET", "/api/meta"),
  options: (game, options) => request("POST", "/api/options", { body: { game, options } }),
  list: (limit = 20, offset = 0) => request("GET", `/api/games?limit=${limit}&offset=${offset}`),
  create: (body) => request("POST", "/api/games", { body }),
  game: (id, token) => request("GET", `/api/games/${enc(id)}`, { token }),
  poll,
  join: (id, code, name) => request("POST", `/api/games/${enc(id)}/join`, { body: { code, name } }),
  invitation: (id, code) => request("POST", `/api/games/${enc(id)}/invitation`, { body: { code } }),
  invite: (id, token, seat) =>
    request("POST", `/api/games/${enc(id)}/invite`, { token, body: seat ? { seat } : {} }),
  act: (id, token, action, version) =>
    request("POST", `/api/games/${enc(id)}/actions`, { token, body: { action, version } }),
  undo: (id, token, version) => request("POST", `/api/games/${enc(id)}/undo`, { token, body: { version } }),
  analysis: (id, token, name, parameters) =>
    request("POST", `/api/games/${enc(id)}/analysis/${enc(name)}`, parameters ? { token, body: { parameters } } : { token }),
  /** What an action would do (issue 22): {version, seat, legal, violation, facts}. */
  preview: (id, token, action, version) =>
    request("POST", `/api/games/${enc(id)}/preview`, { token, body: { action, version } }),
  log: (id, token, since = 0) => request("GET", `/api/games/${enc(id)}/log?since=${since}`, { token }),
  /** A page of a replay: the steps from `from` on, `limit` at most; `next` starts the next. */
  replay: (id, token, from = 0, limit = 200) =>
    request("GET", `/api/games/${enc(id)}/replay?from=${from}&limit=${limit}`, { token }),
};

/**
 * The live connection of a game: says hello with the token, hands every message to `onMessage`,
 * and reconnects with a growing pause when the connection drops (`retry()`: at once).
 * `onStatus(connected, closeCode)`; a socket the server refused (4400-4499) is not retried.
 */
const OVER_LIMIT_PAUSE = 30000; // ms before a socket refused for a limit (4429) tries again

export function connect(gameId, token, onMessage, onStatus = () => {}) {
  let socket = null;
  let closed = false;
  let delay = 500;
  let pinger = null;
  let waiting = null; // the timer of the next attempt

  function open() {
    clearTimeout(waiting);
    waiting = null;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/api/games/${enc(gameId)}/ws`);
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ type: "hello", token: token || null }));
      delay = 500;
      onStatus(true);
      pinger = setInterval(() => {
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ping" }));
      }, 25000);
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (_) {
        return;
      }
      onMessage(message);
    });
    socket.addEventListener("close", (event) => {
      clearInterval(pinger);
      if (closed) return;
      onStatus(false, event.code);
      // refused (docs/server.md: close codes): a bug (4400, 1003, 1008), no seat (4401, 4403),
      // no game (4404), a newer socket of this seat (4409): no retry; over a limit (4429): the
      // page polls meanwhile and tries again after a long pause
      if (event.code >= 4400 && event.code < 4500 && event.code !== 4429) return;
      if (event.code === 1003 || event.code === 1008) return;
      waiting = setTimeout(() => !closed && open(), event.code === 4429 ? OVER_LIMIT_PAUSE : delay);
      delay = Math.min(delay * 2, 8000);
    });
  }

  open();
  return {
    /** Send a message on the open socket; false when it is not open (the caller falls back
     * to REST). */
    send(message) {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    /** Try again now, if the socket is down and waiting for its next attempt. */
    retry() {
      if (!closed && waiting !== null) {
        delay = 500;
        open();
      }
    },
    close() {
      closed = true;
      clearTimeout(waiting);
      clearInterval(pinger);
      if (socket) socket.close();
    },
  };
}
