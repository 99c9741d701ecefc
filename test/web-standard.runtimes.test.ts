// One server on each web-standard runtime, driven by the four official client modes over HTTP: the blank project
// `mcpsmith new --runtime workers|bun|deno` writes, served by `wrangler dev` (workerd), `bun run` and `deno serve`
// (test/support/web-runtimes.ts), with this workspace's runtime linked in. Then a project generated from an OpenAPI
// document for Workers, its credentials and base URL read from the Worker's bindings. Then code mode's escape corpus
// (test/fixtures/code-mode-escapes.mjs) on each, QuickJS imported as a module on Workers. `pnpm build` first.

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLOCK_LIMITS,
  ESCAPE_CASES,
  ESCAPE_LIMITS,
  type EscapeLimits,
  type HostState,
  PROBE,
  tryCase,
} from "./fixtures/code-mode-escapes.mjs";
import { ESCAPE_PATHS } from "./fixtures/code-mode-escapes-endpoint.mjs";
import { CLIENTS, type ClientKind, ClientMatrix, connectClient, type TestClient } from "./support/clients.js";
import { linkDependencies } from "./support/generated-project.js";
import { ROOT } from "./support/servers.js";
import { startUpstream, type Upstream } from "./support/upstream.js";
import { type RuntimeServer, runtimeAvailable, serveOnRuntime, type WebRuntime } from "./support/web-runtimes.js";

const CLI = join(ROOT, "packages/cli/dist/bin.js");
const parent = mkdtempSync(join(tmpdir(), "mcpsmith-runtimes-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** `mcpsmith new NAME --local --no-install ...args`, its dependencies linked from this workspace (offline). */
function scaffold(name: string, args: string[]): string {
  const dir = join(parent, name);
  const made = spawnSync(process.execPath, [CLI, "new", dir, "--local", "--no-install", "--no-git", "--yes", ...args], {
    encoding: "utf8",
  });
  expect(made.status, `${made.stdout}${made.stderr}`).toBe(0);
  linkDependencies(dir);
  symlinkSync(join(ROOT, "node_modules/zod"), join(dir, "node_modules/zod"), "dir");
  return dir;
}

const PROJECT_RUNTIME: Record<WebRuntime, string> = { workerd: "workers", bun: "bun", deno: "deno" };

describe.each(["workerd", "bun", "deno"] as const)("a blank project on %s", (runtime) => {
  const available = runtimeAvailable(runtime);
  let server: RuntimeServer;
  const clients = new ClientMatrix();

  beforeAll(async () => {
    if (!available) return;
    const dir = scaffold(`blank-${runtime}`, ["--runtime", PROJECT_RUNTIME[runtime]]);
    server = await serveOnRuntime(runtime, { cwd: dir, entry: "src/main.ts" });
    clients.connectAll((kind) => connectClient(kind, { transport: "http", url: server.url }));
  }, 180_000);

  afterAll(async () => {
    await clients.closeAll();
    await server?.close();
  }, 30_000);

  it.runIf(available).each(CLIENTS)(
    "$kind lists, calls, and is told which argument is wrong",
    async ({ kind, protocolVersion }) => {
      const client = await clients.client(kind);
      expect(client.protocolVersion()).toBe(protocolVersion);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["greet"]);
      const greeted = await client.callTool({ name: "greet", arguments: { name: "Ada" } });
      expect(greeted.content, server.log()).toEqual([{ type: "text", text: "Hello, Ada!" }]);
      const refused = await client.callTool({ name: "greet", arguments: { name: "" } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain("name");
      expect((await client.listResources()).resources.length).toBe(1);
    },
  );
});

describe("an OpenAPI project on Workers", () => {
  const available = runtimeAvailable("workerd");
  let upstream: Upstream;
  let server: RuntimeServer;

  beforeAll(async () => {
    if (!available) return;
    upstream = await startUpstream((request) => ({
      json: { id: Number(request.url.split("/").pop()), name: "Rex", photoUrls: [] },
    }));
    const spec = join(ROOT, "examples/petstore/openapi.yaml");
    const dir = scaffold("petstore-workers", ["--template", "openapi", "--from", spec, "--runtime", "workers"]);
    server = await serveOnRuntime("workerd", {
      cwd: dir,
      entry: "src/main.ts",
      // As `wrangler secret put` and [vars] give them: bindings in `env`, not the process environment.
      vars: { PETSTORE_BASE_URL: upstream.url, PETSTORE_API_KEY: "worker-secret" },
    });
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await upstream?.close();
  }, 30_000);

  it.runIf(available)("calls the API with the credentials of the Worker's bindings", async () => {
    const client = await connectClient("v2 pinned 2026-07-28", { transport: "http", url: server.url });
    try {
      const result = await client.callTool({ name: "getPetById", arguments: { petId: 7 } });
      expect(result.isError, server.log()).toBeFalsy();
      expect(result.structuredContent).toEqual({ id: 7, name: "Rex", photoUrls: [] });
      expect(upstream.last().url).toBe("/pet/7");
      expect(upstream.last().headers.api_key).toBe("worker-secret");
    } finally {
      await client.close();
    }
  });
});

/**
 * The entry each runtime serves: the corpus's fetch handler (test/fixtures/code-mode-escapes-endpoint.mjs). Workers
 * cannot compile WebAssembly at run time: their entry imports QuickJS through the runtime's exports map, as
 * docs/code-mode.md tells users to; Bun and Deno compile the file the runtime ships.
 */
function escapeEntry(runtime: WebRuntime): string {
  const endpoint = JSON.stringify(join(ROOT, "test/fixtures/code-mode-escapes-endpoint.mjs"));
  const lines = [`import { escapeEndpoint } from ${endpoint};`];
  if (runtime === "workerd") {
    lines.push('import wasm from "@mcpsmith/runtime/code-mode/quickjs.wasm";', "export default escapeEndpoint(wasm);");
  } else if (runtime === "bun") {
    lines.push('export default { hostname: "127.0.0.1", port: Number(process.env.PORT), ...escapeEndpoint() };');
  } else {
    lines.push("export default escapeEndpoint();");
  }
  return `${lines.join("\n")}\n`;
}

/** One client per runtime, a different one each: the blank project above runs all four on every runtime. */
const ESCAPE_CLIENT: Record<WebRuntime, ClientKind> = {
  workerd: "v2 pinned 2026-07-28",
  bun: "v1",
  deno: "v2 auto",
};

describe.each(["workerd", "bun", "deno"] as const)("code mode's escape corpus on %s", (runtime) => {
  const available = runtimeAvailable(runtime);
  let server: RuntimeServer;
  const clients = new Map<EscapeLimits, TestClient>();

  beforeAll(async () => {
    if (!available) return;
    const dir = join(parent, `escapes-${runtime}`);
    mkdirSync(dir);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "escapes", private: true, type: "module" }));
    writeFileSync(join(dir, "main.mjs"), escapeEntry(runtime));
    linkDependencies(dir);
    server = await serveOnRuntime(runtime, { cwd: dir, entry: "main.mjs" });
    for (const [limits, path] of [
      [ESCAPE_LIMITS, ESCAPE_PATHS.escape],
      [CLOCK_LIMITS, ESCAPE_PATHS.clock],
    ] as const) {
      const url = new URL(path, server.url);
      clients.set(limits, await connectClient(ESCAPE_CLIENT[runtime], { transport: "http", url }));
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...clients.values()].map((client) => client.close()));
    await server?.close();
  }, 30_000);

  // The whole corpus in one test, case after case: a runtime's start costs more than its cases.
  it.runIf(available)(
    "every case answers as it must, and leaves the host as it was",
    { timeout: 120_000 },
    async () => {
      const execute = (limits: EscapeLimits, code: string) =>
        clients.get(limits)!.callTool({ name: "execute", arguments: { code } });
      const inspect = async () => (await (await fetch(new URL(ESCAPE_PATHS.host, server.url))).json()) as HostState;
      // The first run loads QuickJS: the host is taken as it is after it.
      expect(await execute(ESCAPE_LIMITS, PROBE.code)).toMatchObject({ structuredContent: PROBE.expect });
      let host = await inspect();
      const problems: string[] = [];
      for (const attempt of ESCAPE_CASES) {
        const tried = await tryCase(attempt, execute, inspect, host);
        host = tried.after;
        problems.push(...tried.problems.map((problem) => `${attempt.category}: ${attempt.name}: ${problem}`));
      }
      expect(problems, server.log()).toEqual([]);
    },
  );
});
