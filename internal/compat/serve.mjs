// Runs a real `mnemo serve` for the compatibility flows (make test-compat):
// on a new database in a temporary directory, offline, listening on a free
// loopback port, with API keys each bound to its tenant's groups.

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// startMnemo starts bin (the mnemo binary) with keys ({key: [group
// patterns]}) and resolves, once it logs the address it listens on, with
// its base URL, log() (what it printed so far) and stop(), which ends it
// and removes its directory. WASM_CACHE_DIR, when set, keeps the plugins'
// compiled code between runs. The environment's MNEMO_ variables are not
// passed on.
export function startMnemo({ bin, keys, name }) {
  const dir = mkdtempSync(join(tmpdir(), `mnemo-compat-${name}-`));
  const config = join(dir, "mnemo.toml");
  const cache = process.env.WASM_CACHE_DIR ? `[plugins]\ncache_dir = ${JSON.stringify(process.env.WASM_CACHE_DIR)}\n` : "";
  const keyTables = Object.entries(keys)
    .map(([key, groups]) => `[[http.keys]]\nkey = ${JSON.stringify(key)}\ngroups = ${JSON.stringify(groups)}\n`)
    .join("\n");
  writeFileSync(config, `[http]\naddr = "127.0.0.1:0"\n\n${cache}\n${keyTables}`);
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith("MNEMO_")) delete env[k];
  const server = spawn(bin, ["--db", join(dir, "db"), "--config", config, "serve"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20000))]);
      if (server.exitCode === null) server.kill("SIGKILL");
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return new Promise((resolveURL, reject) => {
    const timer = setTimeout(() => reject(new Error("mnemo serve did not start within 60 s")), 60000);
    const onData = (chunk) => {
      log += chunk.toString();
      const m = log.match(/msg=serving addr=(http:\/\/[^\s]+)/);
      if (m) {
        clearTimeout(timer);
        resolveURL({ base: m[1], log: () => log, stop });
      }
    };
    server.stdout.on("data", onData);
    server.stderr.on("data", onData);
    server.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`mnemo serve exited with ${code}:\n${log}`));
    });
  });
}
