// The inspector's page: the group picker, the API key, the two time axes,
// and the wiring between the graph, the details, the search and the
// episodes. Everything it shows comes from the REST API (/v1/...).

import { APIError, all, call, group, hasKey, query, setKey } from "./api.js";
import { Graph } from "./graph.js";
import { Episodes, showEntity, showEpisode, search } from "./panels.js";
import { $, el, fmtTime } from "./dom.js";

const state = {
  group: "",
  validPoints: [], // the event times at which something starts or ends
  knownPoints: [], // the system times at which mnemo learned or retired something
  seq: 0,
};

// maxRead bounds what the page reads of a group to draw it.
const maxRead = 5000;

let graph;
let episodes;

function showError(err) {
  const el = $("#error");
  if (!err) {
    el.hidden = true;
    el.textContent = "";
    return;
  }
  el.hidden = false;
  el.textContent = err.message || String(err);
}

// needKey shows the key form; the page goes on once a key is given.
function needKey(message) {
  $("#main").hidden = true;
  $("#key-form").hidden = false;
  $("#key-error").textContent = message || "";
  $("#key").focus();
}

// guard runs an action, turning a 401 into the key form and anything else
// into the page's error line.
async function guard(fn) {
  try {
    showError(null);
    return await fn();
  } catch (err) {
    loaded();
    if (err instanceof APIError && err.status === 401) {
      const had = hasKey();
      setKey("");
      needKey(had ? "That key was refused." : "");
      return undefined;
    }
    showError(err);
    return undefined;
  }
}

// The time axes: each slider steps over the moments at which something
// changed; its last position is now (no filter).
function times() {
  return {
    valid_at: at($("#valid-at"), state.validPoints),
    known_at: at($("#known-at"), state.knownPoints),
  };
}

function at(input, points) {
  const i = Number(input.value);
  return i >= points.length ? "" : new Date(points[i]).toISOString();
}

function points(values) {
  return [...new Set(values.filter(Boolean).map((t) => Date.parse(t)))].sort((a, b) => a - b);
}

function setAxis(input, output, pts, axis) {
  input.max = String(pts.length);
  input.value = String(pts.length);
  input.disabled = pts.length === 0;
  labelAxis(input, output, pts);
  axis.replaceChildren(...axisLabels(pts));
}

// axisLabels names a slider's moments under it: the first and two
// between, each at its step's place, and "now" at the end.
function axisLabels(pts) {
  const n = pts.length;
  const labels = [];
  for (const i of [...new Set([0, Math.round(n / 3), Math.round((2 * n) / 3)])].filter((i) => i < n)) {
    const s = el("span", {}, new Date(pts[i]).toISOString().slice(0, 10));
    s.style.left = ((i / n) * 100).toFixed(2) + "%";
    labels.push(s);
  }
  const now = el("span", {}, "now");
  now.style.left = "100%";
  labels.push(now);
  return labels;
}

// loaded takes the loading line away once the page has something to show.
function loaded() {
  $("#loading").hidden = true;
  document.body.dataset.loaded = "true";
}

function labelAxis(input, output, pts) {
  const i = Number(input.value);
  const text = i >= pts.length ? "now" : fmtTime(new Date(pts[i]).toISOString());
  output.textContent = text;
  input.setAttribute("aria-valuetext", text);
}

async function loadGroups() {
  // A read-only key gets no retry buttons; the server would refuse them.
  const key = await call("GET", "/v1/key");
  document.body.classList.toggle("read-only", key.read_only);
  $("#access").textContent = key.read_only ? "read-only key" : "";
  const { groups } = await call("GET", "/v1/groups");
  const sel = $("#group");
  sel.replaceChildren(...groups.map((g) => new Option(g, g)));
  $("#key-form").hidden = true;
  $("#main").hidden = groups.length === 0;
  if (groups.length === 0) {
    loaded();
    showError(new Error("No group holds episodes yet (or this key may use none)."));
    return;
  }
  const wanted = new URLSearchParams(location.hash.slice(1)).get("group");
  sel.value = groups.includes(wanted) ? wanted : groups[0];
  await loadRecipes();
  await loadGroup(sel.value);
}

async function loadRecipes() {
  const list = await call("GET", "/v1/recipes");
  const sel = $("#recipe");
  const names = list.recipes.map((r) => r.name).sort();
  sel.replaceChildren(...names.map((n) => new Option(n === list.default_recipe ? `${n} (default)` : n, n)));
  sel.value = list.default_recipe;
}

async function loadGroup(g) {
  state.group = g;
  history.replaceState(null, "", "#group=" + encodeURIComponent(g));
  const base = group(g);
  // One more than drawn, to know whether the group holds more.
  const [stats, firstEntities, firstFacts, communities] = await Promise.all([
    call("GET", base),
    all(`${base}/entities`, "entities", maxRead + 1),
    all(`${base}/facts?history=true`, "facts", maxRead + 1),
    all(`${base}/communities`, "communities"),
  ]);
  const cut = firstEntities.length > maxRead || firstFacts.length > maxRead;
  const entities = firstEntities.slice(0, maxRead);
  const facts = firstFacts.slice(0, maxRead);
  $("#stats").textContent =
    `${stats.entities} entities, ${stats.facts} facts (${stats.current_facts} current), ` +
    `${stats.communities} communities, ${stats.episodes} episodes` +
    (stats.failed_episodes ? `, ${stats.failed_episodes} failed` : "") +
    (stats.pending_episodes ? `, ${stats.pending_episodes} pending` : "") +
    (cut ? `; the graph shows the first ${maxRead} entities and facts only` : "");
  state.validPoints = points(facts.flatMap((f) => [f.valid_at, f.invalid_at]));
  state.knownPoints = points([
    ...facts.flatMap((f) => [f.created_at, f.expired_at]),
    ...entities.map((e) => e.created_at),
  ]);
  setAxis($("#valid-at"), $("#valid-at-out"), state.validPoints, $("#valid-at-axis"));
  setAxis($("#known-at"), $("#known-at-out"), state.knownPoints, $("#known-at-axis"));
  graph.load(entities, facts, communities);
  $("#detail-body").replaceChildren();
  await refresh();
  await episodes.load(g);
  loaded();
}

// refresh shows the facts true at the chosen event time as mnemo knew
// them at the chosen system time, as the API answers for those times.
async function refresh() {
  const seq = ++state.seq;
  const t = times();
  const facts = await all(`${group(state.group)}/facts${query(t)}`, "facts");
  if (seq !== state.seq) return; // a later move of a slider won
  graph.show(facts, t.known_at);
  document.body.dataset.view = `${t.valid_at || "now"}|${t.known_at || "now"}`;
}

function debounce(fn, ms) {
  let timer;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

function pickEntity(uuid) {
  guard(() => showEntity(state.group, uuid, { pickEntity, pickEpisode, times, guard }));
}

function pickEpisode(uuid) {
  guard(() => showEpisode(state.group, uuid, { pickEntity, pickEpisode, times }));
}

function start() {
  graph = new Graph($("#graph"), { onPick: pickEntity });
  episodes = new Episodes({ pickEpisode, guard, onRetried: () => guard(() => loadGroup(state.group)) });

  $("#key-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    setKey($("#key").value.trim());
    $("#key").value = "";
    guard(loadGroups);
  });
  $("#group").addEventListener("change", (ev) => guard(() => loadGroup(ev.target.value)));
  $("#reload").addEventListener("click", () => guard(() => loadGroup(state.group)));
  $("#build-communities").addEventListener("click", (ev) =>
    guard(async () => {
      ev.target.disabled = true;
      ev.target.textContent = "Building…";
      try {
        await call("POST", `${group(state.group)}/communities/build`);
        await loadGroup(state.group);
      } finally {
        ev.target.disabled = false;
        ev.target.textContent = "Build communities";
      }
    }),
  );

  const moved = debounce(() => guard(refresh), 120);
  for (const [id, pts] of [["valid-at", "validPoints"], ["known-at", "knownPoints"]]) {
    const input = $("#" + id);
    input.addEventListener("input", () => {
      labelAxis(input, $(`#${id}-out`), state[pts]);
      moved();
    });
  }
  $("#time-now").addEventListener("click", () => {
    for (const [id, pts] of [["valid-at", "validPoints"], ["known-at", "knownPoints"]]) {
      const input = $("#" + id);
      input.value = input.max;
      labelAxis(input, $(`#${id}-out`), state[pts]);
    }
    guard(refresh);
  });

  $("#search-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    guard(() => search(state.group, $("#query").value, $("#recipe").value, times(), { pickEntity, pickEpisode }));
  });

  guard(loadGroups);
}

start();
