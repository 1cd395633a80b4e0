// The panels beside the graph: an entity's facts over time and its
// episodes, an episode's entities and facts, the search with its context,
// and the episode list with its retries.

import { call, group, query } from "./api.js";
import { $, el, fmtRange, fmtScore, fmtTime } from "./dom.js";

function excerpt(s, n = 160) {
  const t = typeof s === "string" ? s : JSON.stringify(s);
  return t.length > n ? t.slice(0, n - 1) + "…" : t;
}

function entityButton(name, uuid, pickEntity) {
  return el("button", { type: "button", className: "link", onclick: () => pickEntity(uuid) }, name);
}

function episodeButton(ep, pickEpisode) {
  return el("button", { type: "button", className: "link", onclick: () => pickEpisode(ep.uuid) }, ep.name || ep.uuid);
}

function focusDetail(title, ...body) {
  $("#detail-title").textContent = title;
  $("#detail-body").replaceChildren(...body);
  $("#detail").focus();
}

// factState says what became of a fact: current, ended in the world
// (invalid_at), retired by mnemo (expired_at, superseded), or held in
// quarantine (its sources are below the trust threshold: docs/trust.md).
function factState(f) {
  if (f.expired_at) return { cls: "expired", text: `superseded: mnemo retired it ${fmtTime(f.expired_at)}` };
  if (f.quarantined_at) return { cls: "quarantined", text: `quarantined since ${fmtTime(f.quarantined_at)}: ${f.quarantine}` };
  if (f.invalid_at) return { cls: "ended", text: `ended ${fmtTime(f.invalid_at)}` };
  return { cls: "current", text: "current" };
}

// timeline draws each fact's validity interval on one scale, the moment
// chosen on the event-time axis marked across it.
function timeline(facts, validAt, actions) {
  const ts = facts.flatMap((f) => [f.valid_at || f.created_at, f.invalid_at]).filter(Boolean).map(Date.parse);
  if (validAt) ts.push(Date.parse(validAt));
  if (ts.length === 0) return el("p", {}, "No facts.");
  let lo = Math.min(...ts);
  let hi = Math.max(...ts);
  const pad = Math.max((hi - lo) * 0.08, 86400000);
  lo -= pad;
  hi += pad;
  const x = (t) => (((t - lo) / (hi - lo)) * 100).toFixed(2) + "%";
  const sorted = [...facts].sort((a, b) => Date.parse(a.valid_at || a.created_at) - Date.parse(b.valid_at || b.created_at));
  const rows = sorted.map((f) => {
    const st = factState(f);
    const from = Date.parse(f.valid_at || f.created_at);
    const to = f.invalid_at ? Date.parse(f.invalid_at) : hi;
    const bar = el("span", { className: `bar ${st.cls}`, "data-left": x(from), "data-width": x(lo + Math.max(to - from, 0)) });
    return el(
      "li",
      { className: st.cls, "data-uuid": f.uuid },
      el("span", { className: "fact" }, f.fact, " ", f.source_class ? el("span", { className: "badge source" }, f.source_class) : ""),
      el("span", { className: "track", "aria-hidden": "true" }, bar),
      el("span", { className: "when" }, `${fmtRange(f)} · ${st.text} · learned ${fmtTime(f.created_at)}`),
      actions(f),
    );
  });
  // The time axis under the bars: dates at five even steps.
  const ticks = [0.04, 0.27, 0.5, 0.73, 0.96].map((r) =>
    el("span", { className: "tick", "data-left": (r * 100).toFixed(2) + "%" }, new Date(lo + r * (hi - lo)).toISOString().slice(0, 10)),
  );
  rows.push(el("li", { className: "axis", "aria-hidden": "true" }, ticks));
  const list = el("ol", { className: "timeline", "aria-label": "Facts over time, oldest first" }, rows);
  if (validAt) list.dataset.marker = x(Date.parse(validAt));
  return list;
}

// place sets the positions computed above: a style attribute would break
// the page's content security policy, the CSS object model does not.
function place(root) {
  for (const b of root.querySelectorAll(".bar")) {
    b.style.left = b.dataset.left;
    b.style.width = b.dataset.width;
  }
  for (const t of root.querySelectorAll(".timeline .tick")) t.style.left = t.dataset.left;
  for (const l of root.querySelectorAll(".timeline[data-marker]")) {
    const m = el("span", { className: "marker", "aria-hidden": "true" });
    m.style.left = l.dataset.marker;
    l.append(m);
  }
}

// showWhy shows under a fact's row why mnemo believes it: its class and
// the threshold, then each step of its record with the sentence that
// stated it (GET .../facts/{uuid}/why).
async function showWhy(g, f, row) {
  const w = await call("GET", `${group(g)}/facts/${encodeURIComponent(f.uuid)}/why`);
  const steps = w.steps.map((s) =>
    el(
      "li",
      { className: `why-step ${s.step}` },
      `${fmtTime(s.at)} · ${s.step}`,
      s.source_class ? ` by ${s.source_class}` : "",
      s.extractor ? ` · ${s.extractor}` : "",
      s.rule ? ` (${s.rule})` : "",
      s.fact_text ? ` · ${s.fact_text}` : "",
      s.episode_erased ? " · episode no longer in the group" : "",
      s.sentence ? el("div", { className: "quote" }, `“${s.sentence}”`) : "",
      s.note ? el("div", { className: "when" }, s.note) : "",
    ),
  );
  const box = el(
    "div",
    { className: "why" },
    el("p", {}, `Source ${w.source_class} (level ${w.level}; threshold ${w.threshold})${w.quarantine ? " · quarantined: " + w.quarantine : ""}`),
    el("ol", {}, steps),
  );
  const old = row.querySelector(".why");
  if (old) old.replaceWith(box);
  else row.append(box);
}

// approve releases a quarantined fact: the key's class vouches for it.
async function approve(g, f) {
  await call("POST", `${group(g)}/feedback`, { scope: "fact", uuid: f.uuid, feedback: "approve" });
}

export async function showEntity(g, uuid, opts) {
  const { pickEpisode, times, guard } = opts;
  const base = `${group(g)}/entities/${encodeURIComponent(uuid)}`;
  const [e, { facts }, { episodes }] = await Promise.all([
    call("GET", base),
    call("GET", `${base}/facts?history=true&include_quarantined=true`),
    call("GET", `${base}/episodes`),
  ]);
  const actions = (f) => {
    const out = el("span", { className: "actions" });
    out.append(
      el(
        "button",
        {
          type: "button",
          className: "link why-button",
          "aria-label": `Why: ${f.fact}`,
          onclick: (ev) => guard(() => showWhy(g, f, ev.target.closest("li"))),
        },
        "Why?",
      ),
    );
    if (f.quarantined_at) {
      out.append(
        el(
          "button",
          {
            type: "button",
            className: "writes approve",
            "aria-label": `Approve ${f.fact}`,
            onclick: () => guard(async () => {
              await approve(g, f);
              await showEntity(g, uuid, opts);
            }),
          },
          "Approve",
        ),
      );
    }
    return out;
  };
  const tl = timeline(facts, times().valid_at, actions);
  focusDetail(
    e.name,
    el("p", { className: "labels" }, (e.labels || []).join(", ")),
    e.summary ? el("p", {}, e.summary) : "",
    e.aliases && e.aliases.length ? el("p", {}, "Also: " + e.aliases.join(", ")) : "",
    el("h3", {}, `Facts over time (${facts.length})`),
    el("p", { className: "hint" }, "Bars show when each fact held; ended facts are hatched, superseded ones struck through, quarantined ones dashed. Each fact names its most trusted source."),
    tl,
    el("h3", {}, `Episodes it came from (${episodes.length})`),
    el(
      "ol",
      { className: "episodes" },
      episodes.map((ep) =>
        el("li", {}, fmtTime(ep.reference_time), " ", episodeButton(ep, pickEpisode), el("div", { className: "quote" }, excerpt(ep.content))),
      ),
    ),
  );
  place($("#detail-body"));
}

export async function showEpisode(g, uuid, { pickEntity }) {
  const base = `${group(g)}/episodes/${encodeURIComponent(uuid)}`;
  const [ep, { entities }, { facts }] = await Promise.all([
    call("GET", base),
    call("GET", `${base}/entities`),
    call("GET", `${base}/facts`),
  ]);
  focusDetail(
    `Episode ${ep.name || ep.uuid}`,
    el("p", {}, `${fmtTime(ep.reference_time)} · ${ep.source || ""} ${ep.source_description ? "· " + ep.source_description : ""}`),
    el("blockquote", {}, typeof ep.content === "string" ? ep.content : JSON.stringify(ep.content)),
    el("h3", {}, `Entities (${entities.length})`),
    el("ul", { className: "chips" }, entities.map((e) => el("li", {}, entityButton(e.name, e.uuid, pickEntity)))),
    el("h3", {}, `Facts it states (${facts.length})`),
    el(
      "ul",
      {},
      facts.map((f) => el("li", { className: factState(f).cls }, f.fact, el("span", { className: "when" }, ` ${fmtRange(f)} · ${factState(f).text}`))),
    ),
  );
}

// search runs the recipe and shows its ranked results, then the context
// an agent asking the same would get.
export async function search(g, q, recipe, t, { pickEntity, pickEpisode }) {
  const body = { query: q, recipe, ...Object.fromEntries(Object.entries(t).filter(([, v]) => v)) };
  const [res, ctx] = await Promise.all([
    call("POST", `${group(g)}/search`, body),
    call("POST", `${group(g)}/context`, body),
  ]);
  const table = (title, rows, head) =>
    el(
      "table",
      { className: "results" },
      el("caption", {}, `${title} (${rows.length})`),
      el("thead", {}, el("tr", {}, ["#", "Score", ...head].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, rows.map((cells, i) => el("tr", {}, el("td", {}, i + 1), ...cells.map((c) => el("td", {}, c))))),
    );
  const parts = [];
  if (res.warnings && res.warnings.length) parts.push(el("p", { className: "warning" }, res.warnings.join(" ")));
  if (res.facts.length) parts.push(table("Facts", res.facts.map((f) => [fmtScore(f.score), f.fact, fmtRange(f)]), ["Fact", "Valid"]));
  if (res.entities.length) {
    parts.push(table("Entities", res.entities.map((e) => [fmtScore(e.score), entityButton(e.name, e.uuid, pickEntity), excerpt(e.summary)]), ["Entity", "Summary"]));
  }
  if (res.episodes.length) {
    parts.push(table("Episodes", res.episodes.map((ep) => [fmtScore(ep.score), episodeButton(ep, pickEpisode), excerpt(ep.content)]), ["Episode", "Content"]));
  }
  if (res.communities.length) {
    parts.push(table("Communities", res.communities.map((c) => [fmtScore(c.score), c.name, excerpt(c.summary)]), ["Community", "Summary"]));
  }
  if (parts.length === 0) parts.push(el("p", {}, "Nothing found."));
  $("#search-results").replaceChildren(...parts);
  $("#context").textContent = ctx.context || "(empty: nothing found, or nothing fits the budget)";
  // The times the results are for, as the graph's view says its own.
  $("#search-results").dataset.view = `${t.valid_at || "now"}|${t.known_at || "now"}`;
}

// Episodes is the list of a group's episodes with their status, failures
// and retry buttons.
export class Episodes {
  constructor({ pickEpisode, guard, onRetried }) {
    this.pickEpisode = pickEpisode;
    this.guard = guard;
    this.onRetried = onRetried;
    this.group = "";
    this.cursor = "";
    $("#episode-status").addEventListener("change", () => guard(() => this.load(this.group)));
    $("#episodes-more").addEventListener("click", () => guard(() => this.page()));
    $("#retry-all").addEventListener("click", () => guard(() => this.retry(`${group(this.group)}/episodes/retry`)));
  }

  async load(g) {
    this.group = g;
    this.cursor = "";
    $("#episodes tbody").replaceChildren();
    $("#episodes-note").textContent = "";
    await this.page();
  }

  async page() {
    const status = $("#episode-status").value;
    const p = await call("GET", `${group(this.group)}/episodes${query({ limit: 50, status, cursor: this.cursor })}`);
    this.cursor = p.next_cursor || "";
    $("#episodes-more").hidden = !this.cursor;
    $("#episodes tbody").append(...p.episodes.map((ep) => this.row(ep)));
    if (!$("#episodes tbody").children.length) $("#episodes-note").textContent = "No episodes.";
  }

  row(ep) {
    const failure = ep.error ? `${ep.error} (after ${ep.attempts} attempt${ep.attempts === 1 ? "" : "s"})` : "";
    const retry =
      ep.status === "failed"
        ? el(
            "button",
            {
              type: "button",
              className: "writes",
              "aria-label": `Retry episode ${ep.name || ep.uuid}`,
              onclick: () => this.guard(() => this.retry(`${group(this.group)}/episodes/${encodeURIComponent(ep.uuid)}/retry`)),
            },
            "Retry",
          )
        : "";
    return el(
      "tr",
      { className: `status-${ep.status}` },
      el("td", {}, fmtTime(ep.reference_time)),
      el("td", {}, episodeButton(ep, this.pickEpisode), el("div", { className: "quote" }, excerpt(ep.content, 100))),
      el("td", {}, el("span", { className: `badge ${ep.status}` }, ep.status)),
      el("td", { className: "error" }, failure),
      el("td", {}, retry),
    );
  }

  // retry queues failed episodes again; a key that may not write gets the
  // server's refusal in the page's error line.
  async retry(path) {
    const r = await call("POST", path);
    await this.onRetried();
    $("#episodes-note").textContent = `${r.episodes.length} episode${r.episodes.length === 1 ? "" : "s"} queued again.`;
  }
}
