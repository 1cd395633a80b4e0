// The REST API as the inspector calls it: the key kept in sessionStorage
// (this tab only) and sent as X-API-Key, errors turned into exceptions
// that carry the server's message.

const keyName = "mnemo.apiKey";

export class APIError extends Error {
  constructor(status, message, code) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export function setKey(key) {
  if (key) sessionStorage.setItem(keyName, key);
  else sessionStorage.removeItem(keyName);
}

export function hasKey() {
  return sessionStorage.getItem(keyName) !== null;
}

// call sends a request to the API and returns the decoded JSON answer.
export async function call(method, path, body) {
  const headers = { Accept: "application/json" };
  const key = sessionStorage.getItem(keyName);
  if (key) headers["X-API-Key"] = key;
  const init = { method, headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const resp = await fetch(path, init);
  const text = await resp.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new APIError(resp.status, `${method} ${path}: not JSON (${resp.status})`, "");
    }
  }
  if (!resp.ok) {
    throw new APIError(resp.status, (data && data.error) || `${method} ${path}: ${resp.status}`, data && data.code);
  }
  return data;
}

// group returns the API path of a group.
export function group(g) {
  return `/v1/groups/${encodeURIComponent(g)}`;
}

// all reads every page of a listing, up to max items.
export async function all(path, field, max = 5000) {
  const out = [];
  let cursor = "";
  const sep = path.includes("?") ? "&" : "?";
  for (;;) {
    const page = await call("GET", `${path}${sep}limit=1000${cursor ? "&cursor=" + encodeURIComponent(cursor) : ""}`);
    out.push(...page[field]);
    if (out.length >= max) return out.slice(0, max);
    if (!page.next_cursor) return out;
    cursor = page.next_cursor;
  }
}

// query builds a query string from the set values of params.
export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, v);
  const s = q.toString();
  return s ? "?" + s : "";
}
