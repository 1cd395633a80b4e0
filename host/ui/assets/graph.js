// The graph: entities as nodes coloured by community, facts as edges. It
// is laid out once per group with every fact ever stored, so that moving
// in time only shows and hides elements and nothing jumps around.

import cytoscape from "./vendor/cytoscape.esm.min.js";
import { $, el, fmtRange } from "./dom.js";

// palette colours communities; entities of none are grey.
const palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#bcbd22", "#393b79"];
const noCommunity = "#9aa0a6";

const style = [
  {
    selector: "node",
    style: {
      "background-color": "data(color)",
      label: "data(name)",
      "font-size": 11,
      "text-valign": "bottom",
      "text-margin-y": 3,
      color: "#202124",
      width: 18,
      height: 18,
    },
  },
  {
    selector: "edge",
    style: {
      width: 1.5,
      "line-color": "#80868b",
      "target-arrow-color": "#80868b",
      "target-arrow-shape": "triangle",
      "curve-style": "bezier",
      label: "data(relation)",
      // Readable where drawn, on a light ground; hidden when the zoom
      // would make them smaller than 8px. Hovering an edge shows its fact.
      "font-size": 11,
      "min-zoomed-font-size": 8,
      color: "#3c4043",
      "text-background-color": "#ffffff",
      "text-background-opacity": 0.85,
      "text-background-padding": 1,
      "text-rotation": "autorotate",
    },
  },
  { selector: "edge.hover", style: { label: "data(fact)", "font-size": 13, "line-color": "#1a73e8", "target-arrow-color": "#1a73e8", "z-index": 10 } },
  { selector: ".hidden", style: { display: "none" } },
  { selector: "node.idle", style: { opacity: 0.35 } },
  { selector: "node:selected", style: { "border-width": 3, "border-color": "#202124" } },
];

export class Graph {
  constructor(container, { onPick }) {
    this.onPick = onPick;
    this.cy = cytoscape({ container, style, minZoom: 0.2, maxZoom: 3, wheelSensitivity: 0.3 });
    this.cy.on("tap", "node", (ev) => onPick(ev.target.id()));
    this.cy.on("mouseover", "edge", (ev) => ev.target.addClass("hover"));
    this.cy.on("mouseout", "edge", (ev) => ev.target.removeClass("hover"));
    this.entities = [];
  }

  // load draws a group: every entity and every fact of its history.
  load(entities, facts, communities) {
    this.entities = entities;
    const colour = new Map();
    const legend = [];
    communities.forEach((c, i) => {
      const col = palette[i % palette.length];
      for (const m of c.members || []) colour.set(m, col);
      legend.push(el("li", {}, el("span", { className: "swatch", "data-colour": String(i % palette.length) }), c.name || c.uuid));
    });
    $("#legend").replaceChildren(...legend);
    $("#communities-note").hidden = communities.length > 0;
    const known = new Set(entities.map((e) => e.uuid));
    const elements = entities.map((e) => ({
      group: "nodes",
      data: { id: e.uuid, name: e.name, color: colour.get(e.uuid) || noCommunity },
    }));
    for (const f of facts) {
      if (!known.has(f.source_uuid) || !known.has(f.target_uuid)) continue;
      elements.push({ group: "edges", data: { id: f.uuid, source: f.source_uuid, target: f.target_uuid, relation: f.relation, fact: f.fact } });
    }
    this.cy.elements().remove();
    this.cy.add(elements);
    // A circle first, so that the force-directed layout starts from the
    // same place each time and draws the same group the same way.
    this.cy.layout({ name: "circle" }).run();
    this.cy
      .layout({
        name: "cose",
        randomize: false,
        animate: false,
        nodeDimensionsIncludeLabels: true,
        idealEdgeLength: () => 70,
        nodeRepulsion: () => 20000,
        gravity: 0.5,
        componentSpacing: 60,
      })
      .run();
    this.cy.fit(undefined, 20);
    $("#entity-list").replaceChildren(
      ...[...entities]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((e) =>
          el("li", { "data-uuid": e.uuid }, el("button", { type: "button", onclick: () => this.pick(e.uuid) }, e.name)),
        ),
    );
  }

  // pick selects an entity, as a click on its node does.
  pick(uuid) {
    this.cy.$(":selected").unselect();
    this.cy.getElementById(uuid).select();
    this.onPick(uuid);
  }

  // show keeps the facts given (those true at the chosen times) and the
  // entities mnemo knew at knownAt ("" is now); entities with no fact
  // shown are dimmed.
  show(facts, knownAt) {
    const shown = new Set(facts.map((f) => f.uuid));
    const limit = knownAt ? Date.parse(knownAt) : Infinity;
    const existing = new Set(this.entities.filter((e) => !e.created_at || Date.parse(e.created_at) <= limit).map((e) => e.uuid));
    const linked = new Set(facts.flatMap((f) => [f.source_uuid, f.target_uuid]));
    this.cy.batch(() => {
      this.cy.nodes().forEach((n) => {
        n.toggleClass("hidden", !existing.has(n.id()));
        n.toggleClass("idle", !linked.has(n.id()));
      });
      this.cy.edges().forEach((e) => e.toggleClass("hidden", !shown.has(e.id())));
    });
    for (const li of document.querySelectorAll("#entity-list li")) li.hidden = !existing.has(li.dataset.uuid);
    $("#shown-facts tbody").replaceChildren(
      ...facts.map((f) => el("tr", {}, el("td", {}, f.fact), el("td", {}, f.relation), el("td", {}, fmtRange(f)))),
    );
    // What the graph draws, counted from the graph's own styles
    // (cytoscape's visible() may lag behind a class change).
    const container = this.cy.container();
    const drawn = (els) => els.filter((x) => x.style("display") !== "none").length;
    container.dataset.nodes = String(drawn(this.cy.nodes()));
    container.dataset.edges = String(drawn(this.cy.edges()));
    const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
    $("#graph-summary").textContent =
      `${count(existing.size, "entity", "entities")} and ${count(facts.length, "fact", "facts")} shown` +
      (facts.length ? "" : ": nothing was true then as far as mnemo knew");
  }
}
