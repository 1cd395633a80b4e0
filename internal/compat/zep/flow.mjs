// Compatibility test of mnemo's Zep API with Zep's official JavaScript SDK
// (@getzep/zep-cloud, the version `make test-compat` installs).
//
// It starts a real `mnemo serve` (MNEMO_BIN) on a new database in a
// temporary directory, offline, with two API keys bound to two tenants'
// groups, and runs with the SDK what a memory app does: users, a thread,
// messages (a fact, then one contradicting it), ingestion polled through
// Episode.processed, searches of edges, nodes and episodes, the thread's
// context, graph.add of text and JSON, batch add, tasks, gets and deletes
// of an edge, a node and an episode, a graph, and the user's deletion. A
// second tenant's key must see nothing of the first tenant's data. Any
// failure, an SDK error included, exits non-zero.
//
// Usage: ZEP_SDK_DIR=DIR MNEMO_BIN=bin/mnemo node internal/compat/zep/flow.mjs
// (DIR holds node_modules/@getzep/zep-cloud). WASM_CACHE_DIR, when set,
// keeps the plugins' compiled code between runs.

import { createRequire } from "node:module";
import { join, resolve } from "node:path";

import { startMnemo } from "../serve.mjs";

const sdkDir = process.env.ZEP_SDK_DIR;
const bin = process.env.MNEMO_BIN;
if (!sdkDir || !bin) {
  console.error("flow.mjs: set ZEP_SDK_DIR (the SDK's install directory) and MNEMO_BIN (the mnemo binary)");
  process.exit(2);
}
const require = createRequire(join(resolve(sdkDir), "package.json"));
const { ZepClient, ZepError } = require("@getzep/zep-cloud");
const sdkVersion = require("@getzep/zep-cloud/package.json").version;

const keyA = "compat-key-tenant-a-0123456789";
const keyB = "compat-key-tenant-b-0123456789";
const totalTimeout = 5 * 60 * 1000;
const started = Date.now();

let mnemo;

function fail(msg) {
  throw new Error(msg);
}

function check(cond, msg) {
  if (!cond) fail(msg);
}

const watchdog = setTimeout(async () => {
  console.error(`FAIL: the flow did not finish within ${totalTimeout / 1000} s`);
  if (mnemo) {
    console.error("--- mnemo serve log ---\n" + mnemo.log());
    await mnemo.stop();
  }
  process.exit(1);
}, totalTimeout);

// startServer starts mnemo serve with the two tenants' keys and resolves
// with its base URL.
async function startServer() {
  mnemo = await startMnemo({ bin, name: "zep", keys: { [keyA]: ["acme-*"], [keyB]: ["globex-*"] } });
  return mnemo.base;
}

let steps = 0;
async function step(name, fn) {
  const t0 = Date.now();
  try {
    const out = await fn();
    steps++;
    console.log(`ok   ${name} (${Date.now() - t0} ms)`);
    return out;
  } catch (err) {
    const detail = err instanceof ZepError ? `ZepError ${err.statusCode}: ${JSON.stringify(err.body)}` : err.stack || String(err);
    throw new Error(`${name}: ${detail}`);
  }
}

// expectHidden checks that a call of tenant B fails with 404 (never data).
async function expectHidden(name, fn) {
  await step(`tenant B cannot ${name}`, async () => {
    let out;
    try {
      out = await fn();
    } catch (err) {
      check(err instanceof ZepError, `want a ZepError, got ${err}`);
      check(err.statusCode === 404, `want 404, got ${err.statusCode}: ${JSON.stringify(err.body)}`);
      return;
    }
    fail(`want 404, got an answer: ${JSON.stringify(out)}`);
  });
}

// poll calls fn until it returns a truthy value.
async function poll(what, fn, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) fail(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function requireFields(what, obj, fields) {
  check(obj && typeof obj === "object" && !Array.isArray(obj), `${what}: want an object, got ${JSON.stringify(obj)}`);
  for (const f of fields) check(obj[f] !== undefined && obj[f] !== null, `${what}: no ${f} in ${JSON.stringify(obj)}`);
}

const edgeFields = ["uuid", "fact", "name", "createdAt", "sourceNodeUuid", "targetNodeUuid"];
const nodeFields = ["uuid", "name", "summary", "createdAt"];
const episodeFields = ["uuid", "content", "createdAt"];

async function main() {
  console.log(`zep compat: @getzep/zep-cloud ${sdkVersion} against ${bin}`);
  const base = await step("start mnemo serve", startServer);
  const opts = { baseUrl: `${base}/api/v2`, maxRetries: 0, timeoutInSeconds: 30 };
  const a = new ZepClient({ ...opts, apiKey: keyA });
  const b = new ZepClient({ ...opts, apiKey: keyB });
  const userId = "acme-priya";
  const threadId = "acme-thread-1";

  await step("user.add", async () => {
    const u = await a.user.add({ userId, firstName: "Priya", lastName: "Shah", email: "priya@example.com", metadata: { plan: "pro" } });
    check(u.userId === userId, `userId ${u.userId}`);
  });
  await step("user.get / user.update", async () => {
    const u = await a.user.update(userId, { metadata: { plan: "team" } });
    check(u.metadata.plan === "team", `metadata ${JSON.stringify(u.metadata)}`);
    check((await a.user.get(userId)).firstName === "Priya", "firstName");
  });
  await step("thread.create", async () => {
    const t = await a.thread.create({ threadId, userId });
    check(t.threadId === threadId && t.userId === userId, JSON.stringify(t));
  });

  const addMessage = (content, createdAt) =>
    a.thread.addMessages(threadId, {
      messages: [
        { name: "Priya", role: "user", content, createdAt },
        { name: "Assistant", role: "assistant", content: "Got it, thanks for telling me." },
      ],
      ignoreRoles: ["assistant"],
    });
  const waitProcessed = (uuid) =>
    poll(`episode ${uuid} processed`, async () => {
      const ep = await a.graph.episode.get(uuid);
      check(ep.status !== "failed", `episode failed: ${JSON.stringify(ep)}`);
      return ep.processed ? ep : null;
    });

  const first = await step("thread.addMessages (a fact)", async () => {
    const r = await addMessage("I live in Lisbon and I work at Acme Corp.", "2024-01-10T10:00:00Z");
    check(r.messageUuids?.length === 2, JSON.stringify(r));
    return r;
  });
  const ep1 = await step("graph.episode.get until processed", async () => {
    const ep = await waitProcessed(first.messageUuids[0]);
    requireFields("episode", ep, episodeFields);
    check(ep.threadId === threadId && ep.role === "Priya" && ep.roleType === "user", JSON.stringify(ep));
    return ep;
  });
  await step("task.get", async () => {
    const t = await a.task.get(first.taskId);
    check(t.status === "succeeded", JSON.stringify(t));
  });
  const second = await step("thread.addMessages (a contradicting fact, later)", () =>
    addMessage("I moved to Porto last week.", "2024-06-20T18:30:00Z"),
  );
  await step("wait for the second message", () => waitProcessed(second.messageUuids[0]));

  await step("thread.get (messages)", async () => {
    const r = await a.thread.get(threadId, { lastn: 10 });
    check(r.messages.length === 4, `${r.messages.length} messages`);
    check(r.messages.map((m) => m.role).join(",") === "user,assistant,user,assistant", JSON.stringify(r.messages));
    check(r.messages[0].content.includes("Lisbon") && r.messages[2].content.includes("Porto"), JSON.stringify(r.messages));
  });
  await step("graph.search edges: the new fact, not the superseded one", async () => {
    const r = await a.graph.search({ userId, query: "Where does Priya live?", scope: "edges", reranker: "rrf", limit: 5 });
    check(Array.isArray(r.edges) && r.edges.length > 0, JSON.stringify(r));
    r.edges.forEach((e) => requireFields("edge", e, edgeFields));
    const facts = r.edges.map((e) => e.fact);
    check(facts.some((f) => f.includes("Porto")), `no Porto fact in ${JSON.stringify(facts)}`);
    check(!facts.some((f) => f.includes("Lisbon")), `the superseded Lisbon fact is current: ${JSON.stringify(facts)}`);
  });
  await step("graph.search edges with an invalid_at filter: the superseded fact", async () => {
    const r = await a.graph.search({
      userId,
      query: "Lisbon",
      scope: "edges",
      searchFilters: { invalidAt: [[{ comparisonOperator: "IS NOT NULL" }]] },
    });
    check(r.edges.some((e) => e.fact.includes("Lisbon") && e.invalidAt), JSON.stringify(r.edges));
  });
  const nodes = await step("graph.search nodes", async () => {
    const r = await a.graph.search({ userId, query: "Porto", scope: "nodes", reranker: "rrf" });
    check(r.nodes.length > 0, JSON.stringify(r));
    r.nodes.forEach((n) => requireFields("node", n, nodeFields));
    return r.nodes;
  });
  await step("graph.search nodes, node_distance", async () => {
    const r = await a.graph.search({ userId, query: "Porto", scope: "nodes", reranker: "node_distance", centerNodeUuid: nodes[0].uuid });
    check(Array.isArray(r.nodes), JSON.stringify(r));
  });
  await step("graph.search episodes, mmr", async () => {
    const r = await a.graph.search({ userId, query: "Porto", scope: "episodes", reranker: "mmr", mmrLambda: 0.6 });
    check(r.episodes.length > 0, JSON.stringify(r));
    r.episodes.forEach((e) => requireFields("episode", e, episodeFields));
  });
  await step("thread.getUserContext", async () => {
    const r = await a.thread.getUserContext(threadId);
    check(r.context.includes("<FACTS>") && r.context.includes("Porto"), r.context);
  });

  const text = await step("graph.add text", async () => {
    const ep = await a.graph.add({ userId, type: "text", data: "Priya's sister Anika lives in Madrid.", sourceDescription: "note", createdAt: "2024-07-01T09:00:00Z", metadata: { k: "v" } });
    requireFields("episode", ep, episodeFields);
    return ep;
  });
  const json = await step("graph.add json", async () => {
    const ep = await a.graph.add({ userId, type: "json", data: JSON.stringify({ customer: "Priya Shah", plan: "pro", city: "Porto" }) });
    requireFields("episode", ep, episodeFields);
    return ep;
  });
  await step("graph.addBatch", async () => {
    const eps = await a.graph.addBatch({ userId, episodes: [{ type: "text", data: "Priya plays chess on Sundays." }, { type: "message", data: "Priya: I love jazz." }] });
    check(Array.isArray(eps) && eps.length === 2, JSON.stringify(eps));
    await poll("batch task", async () => (await a.task.get(eps[0].taskId)).status === "succeeded");
  });
  await step("graph.add episodes processed", async () => {
    await waitProcessed(text.uuid);
    await waitProcessed(json.uuid);
  });
  await step("graph.episode.getByUserId", async () => {
    const r = await a.graph.episode.getByUserId(userId, { lastn: 20 });
    check(r.episodes.length >= 6, `${r.episodes.length} episodes`);
  });
  await step("graph.episode.getNodesAndEdges", async () => {
    const r = await a.graph.episode.getNodesAndEdges(ep1.uuid);
    check(Array.isArray(r.nodes) && Array.isArray(r.edges) && r.nodes.length > 0, JSON.stringify(r));
  });
  const edges = await step("graph.edge.getByUserId", async () => {
    const es = await a.graph.edge.getByUserId(userId, { limit: 100 });
    check(Array.isArray(es) && es.length > 0, JSON.stringify(es));
    es.forEach((e) => requireFields("edge", e, edgeFields));
    return es;
  });
  const allNodes = await step("graph.node.getByUserId", async () => {
    const ns = await a.graph.node.getByUserId(userId, { limit: 100 });
    check(Array.isArray(ns) && ns.length > 0, JSON.stringify(ns));
    return ns;
  });
  const edge = edges.find((e) => e.fact.includes("Porto")) || edges[0];
  await step("graph.edge.get", async () => requireFields("edge", await a.graph.edge.get(edge.uuid), edgeFields));
  await step("graph.node.get / getEdges / getEpisodes", async () => {
    requireFields("node", await a.graph.node.get(edge.sourceNodeUuid), nodeFields);
    check((await a.graph.node.getEdges(edge.sourceNodeUuid)).length > 0, "no edges");
    check((await a.graph.node.getEpisodes(edge.sourceNodeUuid)).episodes.length > 0, "no episodes");
  });
  await step("user.getNode, user.getThreads, user.listOrdered, thread.listAll", async () => {
    const n = await a.user.getNode(userId);
    check(n.node?.name?.startsWith("Priya"), JSON.stringify(n));
    check((await a.user.getThreads(userId)).length === 1, "threads");
    check((await a.user.listOrdered({ pageNumber: 1, pageSize: 10 })).users.length === 1, "users");
    check((await a.thread.listAll({})).threads.length === 1, "threads listAll");
  });

  // Tenant B sees nothing of tenant A.
  await expectHidden("get A's user", () => b.user.get(userId));
  await expectHidden("read A's thread", () => b.thread.get(threadId));
  await expectHidden("read A's thread context", () => b.thread.getUserContext(threadId));
  await expectHidden("search A's graph", () => b.graph.search({ userId, query: "Porto" }));
  await expectHidden("get A's episode", () => b.graph.episode.get(ep1.uuid));
  await expectHidden("get A's edge", () => b.graph.edge.get(edge.uuid));
  await expectHidden("get A's node", () => b.graph.node.get(allNodes[0].uuid));
  await expectHidden("list A's edges", () => b.graph.edge.getByUserId(userId, {}));
  await expectHidden("delete A's episode", () => b.graph.episode.delete(ep1.uuid));
  await expectHidden("delete A's user", () => b.user.delete(userId));
  await expectHidden("read A's task", () => b.task.get(first.taskId));
  await step("tenant B lists no users, threads or graphs", async () => {
    check((await b.user.listOrdered({})).users.length === 0, "users");
    check((await b.thread.listAll({})).threads.length === 0, "threads");
    check((await b.graph.listAll({})).graphs.length === 0, "graphs");
  });
  await step("tenant B has its own user and search", async () => {
    await b.user.add({ userId: "globex-sam" });
    const r = await b.graph.search({ userId: "globex-sam", query: "Porto" });
    check(r.edges.length === 0, JSON.stringify(r));
  });

  // Deletes answer {"message"} and the objects are gone.
  const gone = async (what, fn) => {
    try {
      await fn();
    } catch (err) {
      if (err instanceof ZepError && err.statusCode === 404) return;
      throw err;
    }
    fail(`${what} still reads after its delete`);
  };
  await step("graph.edge.delete", async () => {
    check(typeof (await a.graph.edge.delete(edge.uuid)).message === "string", "message");
    await gone("edge", () => a.graph.edge.get(edge.uuid));
  });
  await step("graph.node.delete", async () => {
    const n = allNodes.find((x) => x.name !== "Priya") || allNodes[0];
    check(typeof (await a.graph.node.delete(n.uuid)).message === "string", "message");
    await gone("node", () => a.graph.node.get(n.uuid));
  });
  await step("graph.episode.delete", async () => {
    check(typeof (await a.graph.episode.delete(json.uuid)).message === "string", "message");
    await gone("episode", () => a.graph.episode.get(json.uuid));
  });

  await step("graph.create / get / update / listAll / add / search / delete", async () => {
    const g = await a.graph.create({ graphId: "acme-kb", name: "Acme KB", description: "shared knowledge" });
    check(g.graphId === "acme-kb", JSON.stringify(g));
    check((await a.graph.update("acme-kb", { description: "the team's" })).description === "the team's", "update");
    check((await a.graph.get("acme-kb")).name === "Acme KB", "get");
    check((await a.graph.listAll({})).graphs.length === 1, "listAll");
    const ep = await a.graph.add({ graphId: "acme-kb", type: "text", data: "Dana Lee works at Acme Corp." });
    await waitProcessed(ep.uuid);
    const r = await a.graph.search({ graphId: "acme-kb", query: "Where does Dana work?", scope: "edges" });
    check(r.edges.length > 0, JSON.stringify(r));
    check(typeof (await a.graph.delete("acme-kb")).message === "string", "delete");
    await gone("graph", () => a.graph.get("acme-kb"));
  });

  await step("thread.delete", async () => {
    await a.thread.create({ threadId: "acme-thread-2", userId });
    check(typeof (await a.thread.delete("acme-thread-2")).message === "string", "message");
    await gone("thread", () => a.thread.get("acme-thread-2"));
  });
  await step("user.delete takes the user's graph and threads", async () => {
    check(typeof (await a.user.delete(userId)).message === "string", "message");
    await gone("user", () => a.user.get(userId));
    await gone("thread", () => a.thread.get(threadId));
    await gone("episode", () => a.graph.episode.get(ep1.uuid));
    await gone("user's graph", () => a.graph.search({ userId, query: "Porto" }));
  });
}

let code = 0;
try {
  await main();
  console.log(`PASS: ${steps} steps in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  code = 1;
  console.error(`FAIL: ${err.message}`);
  if (mnemo) console.error("--- mnemo serve log ---\n" + mnemo.log());
}
clearTimeout(watchdog);
if (mnemo) await mnemo.stop();
process.exit(code);
