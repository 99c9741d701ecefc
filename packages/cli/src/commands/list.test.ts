import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELLO_ENTRY, HELLO_STDIO, type HttpServer, REPO_ROOT, runCli, startHelloHttp } from "../test-support.js";

const ERAS = [
  ["auto", "2026-07-28"],
  ["legacy", "2025-11-25"],
  ["2026-07-28", "2026-07-28"],
] as const;

describe("mcpsmith list over stdio", () => {
  it.each(ERAS)("lists tools, resources, templates and prompts with --era %s", async (era, version) => {
    const { code, stdout, stderr } = await runCli(["list", "--era", era, ...HELLO_STDIO]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain(`hello 1.0.0 · protocol ${version}`);
    expect(stdout).toContain("Tools (6)");
    expect(stdout).toContain("a: number (required) — First addend");
    expect(stdout).toContain(
      'language: "english" | "french" | "german" | "japanese" | "spanish" | "swahili" (default "english")',
    );
    expect(stdout).toContain("days: integer (default 3, 1..7)");
    expect(stdout).toContain("returns { city, days }");
    expect(stdout).toContain("hello://about  text/markdown");
    expect(stdout).toContain("hello://greetings/{language}");
    expect(stdout).toContain("name (required) — Who to introduce");
    expect(stdout).toMatch(/tools\/list ≈ \d+ tokens for 6 tools/);
  });

  it("prints JSON with the schemas and the token estimate", async () => {
    const { code, stdout } = await runCli(["list", "--json", HELLO_ENTRY]);
    expect(code).toBe(0);
    const listing = JSON.parse(stdout);
    expect(listing.server).toMatchObject({ name: "hello", version: "1.0.0", protocolVersion: "2026-07-28" });
    expect(listing.tools.map((tool: { name: string }) => tool.name)).toEqual([
      "add",
      "divide",
      "greet",
      "forecast",
      "count",
      "wait",
    ]);
    expect(listing.tools[0].inputSchema).toMatchObject({ type: "object", required: ["a", "b"] });
    expect(listing.resourceTemplates[0].uriTemplate).toBe("hello://greetings/{language}");
    expect(listing.toolListTokens).toBeGreaterThan(100);
  });

  it("fails clearly when the server command does not exist", async () => {
    const { code, stderr } = await runCli(["list", "--", "mcpsmith-no-such-server"]);
    expect(code).toBe(1);
    expect(stderr).toContain("E_SERVER_START");
    expect(stderr).toContain('Could not start "mcpsmith-no-such-server": no such command');
    expect(stderr).toContain("installed and on PATH");
  });

  it("shows what a server that exits at once wrote to stderr", async () => {
    const crash = ["--", process.execPath, "-e", "console.error('missing API_KEY'); process.exit(3)"];
    const { code, stderr } = await runCli(["list", "--era", "legacy", ...crash]);
    expect(code).toBe(1);
    expect(stderr).toContain("E_SERVER_START");
    expect(stderr).toContain("missing API_KEY");
  });

  it("explains how to name a server when none is given", async () => {
    const { code, stderr } = await runCli(["list"], { cwd: "/" });
    expect(code).toBe(1);
    expect(stderr).toContain("E_TARGET_MISSING");
    expect(stderr).toContain("mcpsmith list -- node dist/main.js");
    expect(stderr).toContain("--url http://127.0.0.1:3000/mcp");
  });

  it("runs the entry a project folder's package.json names, and rejects a folder without one", async () => {
    const folder = mkdtempSync(join(tmpdir(), "mcpsmith-list-"));
    try {
      const empty = await runCli(["list", folder]);
      expect(empty.code).toBe(1);
      expect(empty.stderr).toContain('has no package.json with a "main" or "bin" entry');
      // A package.json that does not parse is the user's to fix (exit 1), not a crash (exit 2).
      writeFileSync(join(folder, "package.json"), '{ "main": "dist/main.js", }');
      const broken = await runCli(["list", folder]);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain(`E_TARGET_MISSING ${join(folder, "package.json")} is not valid JSON`);
      expect(broken.stderr).toContain("Fix the project's package.json");
      writeFileSync(join(folder, "package.json"), JSON.stringify({ main: HELLO_ENTRY }));
      const { code, stdout } = await runCli(["list", "--era", "legacy"], { cwd: folder });
      expect(code).toBe(0);
      expect(stdout).toContain("Tools (6)");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("mcpsmith list --json against a server with tools only", () => {
  it("writes the listing alone and whole to stdout (a pipe to jq reads it), asking only for what the server offers", async () => {
    const folder = mkdtempSync(join(tmpdir(), "mcpsmith-list-tools-only-"));
    const runtime = pathToFileURL(`${REPO_ROOT}packages/runtime/dist/index.js`).href;
    const server = join(folder, "server.mjs");
    writeFileSync(
      server,
      [
        `import { serve, server } from ${JSON.stringify(runtime)};`,
        'const app = server({ name: "tools-only", version: "1.0.0" })',
        '  .tool("ping", { description: "Answers pong." }, () => "pong");',
        // Enough tools that the listing outgrows what a pipe and its reader buffer: all of it must reach the reader.
        'for (let i = 0; i < 1000; i++) app.tool("tool_" + i, { description: "x".repeat(300) }, () => "ok");',
        "await serve(app);",
      ].join("\n"),
    );
    try {
      // The built bin as a separate process: its real stdout, as a pipe sees it, read by a slow reader (a pause
      // after each chunk): what the bin wrote must all arrive, however long the reader takes.
      const bin = `${REPO_ROOT}packages/cli/dist/bin.js`;
      const child = spawn(process.execPath, [bin, "list", "--json", "--", process.execPath, server], {
        env: { ...process.env, NO_COLOR: "1" },
      });
      let stderr = "";
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
      });
      const chunks: Buffer[] = [];
      child.stdout.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        child.stdout.pause();
        setTimeout(() => child.stdout.resume(), 20);
      });
      await once(child.stdout, "end");
      const stdout = Buffer.concat(chunks).toString("utf8");
      const listing = JSON.parse(stdout);
      expect(stdout.length).toBeGreaterThan(300_000);
      expect(listing.tools.map((tool: { name: string }) => tool.name)).toEqual([
        "ping",
        ...Array.from({ length: 1000 }, (_, i) => `tool_${i}`),
      ]);
      expect(listing).toMatchObject({ resources: [], resourceTemplates: [], prompts: [] });
      expect(stdout.trim().startsWith("{")).toBe(true);
      expect(stderr).not.toContain("does not advertise");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("mcpsmith list over HTTP", () => {
  let server: HttpServer;
  beforeAll(async () => {
    server = await startHelloHttp();
  });
  afterAll(() => server.stop());

  it.each(ERAS)("lists over HTTP with --era %s", async (era, version) => {
    const { code, stdout } = await runCli(["list", "--url", server.url, "--era", era]);
    expect(code).toBe(0);
    expect(stdout).toContain(`protocol ${version} · ${server.url}`);
    expect(stdout).toContain("Tools (6)");
  });

  it("takes the URL as the target too", async () => {
    const { code, stdout } = await runCli(["list", server.url, "--json"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).tools).toHaveLength(6);
  });

  it("says where the endpoint is when the path is wrong", async () => {
    const { code, stderr } = await runCli(["list", "--url", server.url.replace(/\/mcp$/, "/nope")]);
    expect(code).toBe(1);
    expect(stderr).toContain("HTTP 404");
    expect(stderr).toContain("/mcp");
  });

  it("says the server is not running when nothing listens", async () => {
    const { code, stderr } = await runCli(["list", "--url", `http://127.0.0.1:${await freePort()}/mcp`]);
    expect(code).toBe(1);
    expect(stderr).toContain("E_CONNECT");
    expect(stderr).toContain("connection refused");
    expect(stderr).toContain("Is the server running?");
  });

  it("refuses two targets at once", async () => {
    const { code, stderr } = await runCli(["list", "--url", server.url, ...HELLO_STDIO]);
    expect(code).toBe(1);
    expect(stderr).toContain("Give one server");
  });
});

/** A port nothing listens on: one the OS just handed out and that was closed again. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
