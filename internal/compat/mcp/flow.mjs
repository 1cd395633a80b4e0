// Compatibility test of mnemo's MCP endpoint with the official MCP
// TypeScript SDK (@modelcontextprotocol/sdk, the version `make
// test-compat` installs).
//
// It starts a real `mnemo serve` (MNEMO_BIN) with two API keys bound to two
// tenants' groups and, as an agent configured for Graphiti's MCP server
// would, connects over Streamable HTTP at /mcp with a key, lists the tools
// (names, and annotations on every one), adds an episode, waits for it to
// be processed, searches facts and nodes, and gets the context; Graphiti's
// argument forms (group_ids as one string, arguments mnemo does not use)
// and /mcp/ are accepted; the second tenant's key sees nothing of the
// first's, and a request without a key is refused. Any mismatch exits
// non-zero.
//
// Usage: MCP_SDK_DIR=DIR MNEMO_BIN=bin/mnemo node internal/compat/mcp/flow.mjs
// (DIR holds node_modules/@modelcontextprotocol/sdk).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";

import { startMnemo } from "../serve.mjs";

const sdkDir = process.env.MCP_SDK_DIR;
const bin = process.env.MNEMO_BIN;
if (!sdkDir || !bin) {
  console.error("flow.mjs: set MCP_SDK_DIR (the SDK's install directory) and MNEMO_BIN (the mnemo binary)");
  process.exit(2);
}
const require = createRequire(join(resolve(sdkDir), "package.json"));
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StreamableHTTPClientTransport } = require("@modelcontextprotocol/sdk/client/streamableHttp.js");
// The package's exports map its subpaths to dist/: its own package.json is
// read from its directory.
const sdkVersion = JSON.parse(readFileSync(join(resolve(sdkDir), "node_modules/@modelcontextprotocol/sdk/package.json"), "utf8")).version;

const keyA = "compat-mcp-key-a-0123456789";
const keyB = "compat-mcp-key-b-0123456789";
const groupA = "acme-mcp";
const totalTimeout = 2 * 60 * 1000;
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

let steps = 0;
async function step(name, fn) {
  const t0 = Date.now();
  try {
    const out = await fn();
    steps++;
    console.log(`ok   ${name} (${Date.now() - t0} ms)`);
    return out;
  } catch (err) {
    throw new Error(`${name}: ${err.stack || String(err)}`);
  }
}

// connect opens a session at path with key (none when empty).
async function connect(path, key) {
  const headers = key ? { Authorization: `Bearer ${key}` } : {};
  const client = new Client({ name: "mnemo-compat", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(mnemo.base + path), { requestInit: { headers } }));
  return client;
}

// call calls a tool that must succeed and returns its structured result.
async function call(client, name, args) {
  const res = await client.callTool({ name, arguments: args });
  const text = (res.content || []).map((c) => c.text || "").join("");
  check(!res.isError, `${name}(${JSON.stringify(args)}) failed: ${text}`);
  check(res.structuredContent && typeof res.structuredContent === "object", `${name}: no structured result: ${JSON.stringify(res)}`);
  return res.structuredContent;
}

// refused calls a tool that must fail and returns its message.
async function refused(client, name, args) {
  const res = await client.callTool({ name, arguments: args });
  const text = (res.content || []).map((c) => c.text || "").join("");
  check(res.isError, `${name}(${JSON.stringify(args)}) succeeded, want an error: ${JSON.stringify(res.structuredContent)}`);
  return text;
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

// The annotations each tool must carry: read-only tools, and the
// destructive ones among those that write.
const readOnly = ["search_memory_facts", "search_nodes", "get_context", "get_episodes", "get_episode_entities", "get_entity_edge", "list_facts", "get_status", "list_recipes"];
const destructive = ["delete_episode", "delete_entity_edge", "clear_graph", "build_communities"];
const additive = ["add_memory", "add_triplet"];

async function main() {
  console.log(`mcp compat: @modelcontextprotocol/sdk ${sdkVersion} against ${bin}`);
  await step("start mnemo serve", async () => {
    mnemo = await startMnemo({ bin, name: "mcp", keys: { [keyA]: ["acme-*"], [keyB]: ["globex-*"] } });
  });
  const a = await step("connect with tenant A's key (Streamable HTTP, /mcp)", () => connect("/mcp", keyA));
  await step("server info", async () => {
    const v = a.getServerVersion();
    check(v && v.name, `no server info: ${JSON.stringify(v)}`);
    check(a.getServerCapabilities()?.tools, `no tools capability: ${JSON.stringify(a.getServerCapabilities())}`);
  });
  await step("tools/list: names and annotations", async () => {
    const { tools } = await a.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const name of [...readOnly, ...destructive, ...additive]) check(byName[name], `no tool ${name} among ${Object.keys(byName)}`);
    for (const t of tools) {
      const an = t.annotations;
      check(an && typeof an === "object", `tool ${t.name} has no annotations`);
      check(an.openWorldHint === false, `tool ${t.name}: openWorldHint ${an.openWorldHint}, want false`);
      check(t.inputSchema?.type === "object", `tool ${t.name}: input schema ${JSON.stringify(t.inputSchema)}`);
    }
    for (const name of readOnly) check(byName[name].annotations.readOnlyHint === true, `${name} is not read-only`);
    for (const name of destructive) {
      const an = byName[name].annotations;
      check(an.readOnlyHint !== true && an.destructiveHint === true, `${name}: ${JSON.stringify(an)}, want destructive`);
    }
    for (const name of additive) {
      const an = byName[name].annotations;
      check(an.readOnlyHint !== true && an.destructiveHint === false, `${name}: ${JSON.stringify(an)}, want non-destructive`);
    }
  });

  const added = await step("add_memory (Graphiti's arguments)", async () => {
    const out = await call(a, "add_memory", {
      name: "onboarding",
      episode_body: "Priya: I live in Lisbon and I work at Acme Corp.",
      group_id: groupA,
      source: "message",
      source_description: "chat",
      reference_time: "2024-01-10T10:00:00Z",
      uuid: null,
    });
    check(out.uuid && out.group_id === groupA && out.status === "pending", JSON.stringify(out));
    return out;
  });
  await step("get_episodes until the episode is processed", () =>
    poll(`episode ${added.uuid} done`, async () => {
      const out = await call(a, "get_episodes", { group_ids: groupA, max_episodes: 10 });
      const ep = (out.episodes || []).find((e) => e.uuid === added.uuid);
      check(ep, `episode ${added.uuid} not listed: ${JSON.stringify(out)}`);
      check(ep.status !== "failed", `episode failed: ${JSON.stringify(ep)}`);
      return ep.status === "done";
    }),
  );
  await step("search_memory_facts (group_ids as one string)", async () => {
    const out = await call(a, "search_memory_facts", { query: "Where does Priya live?", group_ids: groupA, max_facts: 5 });
    const facts = (out.facts || []).map((f) => f.fact);
    check(facts.some((f) => /Lisbon/.test(f)), `no fact about Lisbon: ${JSON.stringify(facts)}`);
  });
  await step("search_nodes", async () => {
    const out = await call(a, "search_nodes", { query: "Priya", group_ids: [groupA], max_nodes: 5, entity_types: null });
    const names = (out.nodes || []).map((n) => n.name);
    check(names.includes("Priya"), `no node Priya: ${JSON.stringify(names)}`);
  });
  await step("get_context", async () => {
    const out = await call(a, "get_context", { query: "Where does Priya live and work?", group_id: groupA });
    check(/Lisbon/.test(out.context) && /Acme/.test(out.context), `context without Lisbon and Acme: ${JSON.stringify(out.context)}`);
  });

  const b = await step("connect with tenant B's key (/mcp/)", () => connect("/mcp/", keyB));
  await step("tenant B cannot read tenant A's group", async () => {
    for (const [name, args] of [
      ["search_memory_facts", { query: "Lisbon", group_ids: groupA }],
      ["get_context", { query: "Lisbon", group_id: groupA }],
      ["get_episodes", { group_ids: [groupA] }],
    ]) {
      const msg = await refused(b, name, args);
      check(!/Lisbon|Priya/.test(msg), `${name}'s refusal shows tenant A's data: ${msg}`);
    }
    const own = await call(b, "search_memory_facts", { query: "Where does Priya live?", group_ids: "globex-mcp" });
    check((own.facts || []).length === 0, `tenant B's own group finds ${JSON.stringify(own.facts)}`);
  });
  await step("a request without a key is refused", async () => {
    let client;
    try {
      client = await connect("/mcp", "");
    } catch (err) {
      check(/401|nauthorized/.test(String(err)), `want a 401, got ${err}`);
      return;
    }
    await client.close();
    fail("connected without a key");
  });
  await a.close();
  await b.close();
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
