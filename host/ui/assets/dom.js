// Small helpers to build the page's elements without innerHTML: every
// string shown comes from a tenant's memory and is set as text.

export function $(sel) {
  return document.querySelector(sel);
}

// el makes an element with attributes (or properties for on* handlers and
// className) and children (strings become text).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "className") node.className = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    node.append(typeof c === "string" || typeof c === "number" ? String(c) : c);
  }
  return node;
}

// fmtTime shows an RFC 3339 time as a date, with the time of day when it
// is not midnight UTC.
export function fmtTime(t) {
  if (!t) return "";
  const iso = new Date(t).toISOString();
  const day = iso.slice(0, 10);
  const clock = iso.slice(11, 16);
  return clock === "00:00" ? day : `${day} ${clock} UTC`;
}

// fmtRange shows a fact's event-time interval.
export function fmtRange(f) {
  const from = f.valid_at ? fmtTime(f.valid_at) : "?";
  const to = f.invalid_at ? fmtTime(f.invalid_at) : "now";
  return `${from} → ${to}`;
}

export function fmtScore(s) {
  return s === undefined || s === null ? "" : s.toFixed(3);
}
