// `mcpsmith dev` on a small TypeScript project: the built bin runs as its own process (so SIGINT reaches it), the
// official client talks to the server it runs, and the test edits the source to see the restart.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { count, exited, REPO_ROOT, runCli, stop, watchText } from "../test-support.js";

const BIN = `${REPO_ROOT}packages/cli/dist/bin.js`;

/** The server source, answering `which` with the given text. */
function source(answer: string): string {
  return [
    'import { existsSync } from "node:fs";',
    'import { serve, tool } from "@mcpsmith/runtime";',
    "",
    "class Fixture {",
    '  @tool({ description: "Which build answers." })',
    "  which(): string {",
    `    return ${answer};`,
    "  }",
    "",
    '  @tool({ description: "Answers once a file named release exists in the project." })',
    "  async slow(): Promise<string> {",
    '    while (!existsSync("release")) await new Promise((resolve) => setTimeout(resolve, 20));',
    `    return String(${answer});`,
    "  }",
    "}",
    "",
    'await serve(new Fixture(), { name: "dev-fixture", version: "1.0.0" });',
    "",
  ].join("\n");
}

// Inside examples/hello, so the project resolves @mcpsmith/runtime, typescript and @types/node from this checkout.
let project: string;
beforeEach(() => {
  project = mkdtempSync(join(REPO_ROOT, "examples/hello/.dev-test-"));
  mkdirSync(join(project, "src"));
  writeFileSync(join(project, "package.json"), JSON.stringify({ private: true, type: "module", main: "dist/main.js" }));
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        lib: ["ES2023", "ESNext.Decorators"],
        types: ["node"],
        strict: true,
        skipLibCheck: true,
        rootDir: "src",
        outDir: "dist",
      },
      include: ["src"],
    }),
  );
  writeFileSync(join(project, "src/main.ts"), source('"first build"'));
});
// Every dev a test starts is stopped here, even when the test failed part-way: SIGTERM, as a host ends it, so dev
// ends its server's process group too (SIGKILL would leave the server running with no one to stop it).
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  rmSync(project, { recursive: true, force: true });
});

/** `mcpsmith dev --http 0` in the project, with its log collected; stopped after the test. */
function spawnDev() {
  const dev = spawn(process.execPath, [BIN, "dev", "--http", "0"], { cwd: project, stdio: ["ignore", "pipe", "pipe"] });
  cleanups.push(() => stop(dev));
  const log = watchText(dev.stderr!);
  dev.stdout!.resume();
  return { dev, log };
}

async function which(client: Client): Promise<unknown> {
  const result = await client.callTool({ name: "which", arguments: {} });
  return (result.content as { text?: string }[])[0]?.text;
}

describe("mcpsmith dev", { timeout: 120_000 }, () => {
  it("refuses what it cannot run, saying what to do", async () => {
    const port = await runCli(["dev", "--port", "8080"], { cwd: project });
    expect(port.code).toBe(1);
    expect(port.stderr).toContain("--port only applies with --http");
    const outside = mkdtempSync(join(tmpdir(), "mcpsmith-dev-none-"));
    const none = await runCli(["dev"], { cwd: outside });
    rmSync(outside, { recursive: true, force: true });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("No package.json at or above");
    rmSync(join(project, "tsconfig.json"));
    const noTsconfig = await runCli(["dev", "src/main.ts"], { cwd: project });
    expect(noTsconfig.code).toBe(1);
    expect(noTsconfig.stderr).toContain("has no tsconfig to compile it");
  });

  it("--http 0: serves, restarts on a change, keeps the old server through a type error, stops on SIGINT", async () => {
    const { dev, log } = spawnDev();
    await log.until((text) => count(text, "listening on") >= 1);
    const url = /\[dev\] serving (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(log.text())?.[1];
    expect(url, log.text()).toBeDefined();

    const first = new Client({ name: "dev-test", version: "1.0.0" });
    await first.connect(new StreamableHTTPClientTransport(new URL(url!)));
    expect(await which(first)).toBe("first build");
    await first.close();

    writeFileSync(join(project, "src/main.ts"), source('"second build"'));
    await log.until((text) => count(text, "listening on") >= 2);
    expect(log.text()).toContain(`[dev] restarted the server`);
    const second = new Client({ name: "dev-test", version: "1.0.0" });
    await second.connect(new StreamableHTTPClientTransport(new URL(url!)));
    expect(await which(second)).toBe("second build");

    // A type error: reported, no restart, and the running server still answers with the last good build.
    writeFileSync(join(project, "src/main.ts"), source("42"));
    await log.until((text) => text.includes("1 type error"));
    expect(log.text()).toMatch(/src\/main\.ts\(7,\d+\): error TS2322/);
    expect(log.text()).toContain("the running server keeps the last good build");
    expect(await which(second)).toBe("second build");
    expect(count(log.text(), "listening on")).toBe(2);
    await second.close();

    dev.kill("SIGINT");
    expect(await exited(dev)).toBe(0);
    expect(log.text()).toContain("[dev] stopped");
  });

  it("without tsconfig: watches the entry's folder and restarts on a change", async () => {
    rmSync(join(project, "tsconfig.json"));
    mkdirSync(join(project, "dist"));
    const js = (answer: string) =>
      [
        'import { serve, server } from "@mcpsmith/runtime";',
        'const app = server({ name: "js-fixture", version: "1.0.0" })',
        `  .tool("which", { description: "Which build answers." }, () => ${JSON.stringify(answer)});`,
        "await serve(app);",
        "",
      ].join("\n");
    writeFileSync(join(project, "dist/main.js"), js("plain js"));
    const { dev, log } = spawnDev();
    await log.until((text) => count(text, "listening on") >= 1);
    expect(log.text()).toContain(`[dev] watching ${join(project, "dist")}`);
    const url = /\[dev\] serving (\S+)/.exec(log.text())![1]!;
    const first = new Client({ name: "dev-test", version: "1.0.0" });
    await first.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect(await which(first)).toBe("plain js");
    await first.close();

    writeFileSync(join(project, "dist/main.js"), js("edited js"));
    await log.until((text) => count(text, "listening on") >= 2);
    const second = new Client({ name: "dev-test", version: "1.0.0" });
    await second.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect(await which(second)).toBe("edited js");
    await second.close();
    dev.kill("SIGINT");
    expect(await exited(dev)).toBe(0);
  });

  it("over stdio: finishes a request in flight before the swap, and the client keeps its connection (initialize replayed)", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "dev"],
      cwd: project,
      stderr: "pipe",
    });
    const log = watchText(transport.stderr as Readable);
    const client = new Client({ name: "dev-test", version: "1.0.0" }, { versionNegotiation: { mode: "legacy" } });
    cleanups.push(() => client.close());
    await client.connect(transport);
    expect(await which(client)).toBe("first build");
    // A request in flight when the new build is ready: the old server finishes it before the swap.
    const slow = client.callTool({ name: "slow", arguments: {} });
    writeFileSync(join(project, "src/main.ts"), source('"second build"'));
    await log.until((text) => text.includes("restarts once the 1 request in flight finishes"));
    expect(log.text()).not.toContain("[dev] restarted the server");
    writeFileSync(join(project, "release"), "");
    expect(((await slow).content as { text?: string }[])[0]?.text).toBe("first build");
    await log.until((text) => text.includes("[dev] restarted the server"));
    expect(await which(client)).toBe("second build");
  });
});

/** An annotated module for `mcpsmith generate ts`: `echo`, then the functions given. */
function annotated(...more: string[]): string {
  return [
    "/**",
    " * Echo the text back.",
    " * @tool",
    " */",
    "export function echo(args: { text: string }): string {",
    "  return args.text;",
    "}",
    ...more,
    "",
  ].join("\n");
}

const SHOUT = [
  "",
  "/**",
  " * Shout the text.",
  " * @tool",
  " */",
  "export function shout(args: { text: string }): string {",
  '  return args.text.toUpperCase() + "!";',
  "}",
];

/** `shout` with an argument JSON cannot carry: a function, at line 13, column 45 (the property). */
const BROKEN_SHOUT = SHOUT.map((line) =>
  line.replace("args: { text: string }", "args: { text: string; then: () => void }"),
);

describe("mcpsmith dev on a project made by `mcpsmith generate ts`", { timeout: 120_000 }, () => {
  const generated = ["src/generated/server.ts", "src/generated/main.ts"];
  const readGenerated = () => generated.map((path) => readFileSync(join(project, path), "utf8"));

  beforeEach(async () => {
    rmSync(join(project, "src/main.ts"));
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({
        name: "dev-generated",
        version: "1.0.0",
        private: true,
        type: "module",
        main: "dist/generated/main.js",
      }),
    );
    writeFileSync(join(project, "src/tools.ts"), annotated());
    const generate = await runCli(["generate", "ts", "src/tools.ts"], { cwd: project });
    expect(generate.code, generate.stderr).toBe(0);
  });

  /** Starts `mcpsmith dev --http 0` and waits for its first server. */
  async function startDev() {
    const { dev, log } = spawnDev();
    await log.until((text) => count(text, "listening on") >= 1 || dev.exitCode !== null);
    const url = /\[dev\] serving (\S+)/.exec(log.text())?.[1];
    expect(url, log.text()).toBeDefined();
    return { dev, log, url: new URL(url!) };
  }

  async function connect(url: URL): Promise<Client> {
    const client = new Client({ name: "dev-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(url));
    return client;
  }

  const toolNames = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);

  async function call(client: Client, name: string, text: string): Promise<unknown> {
    const result = await client.callTool({ name, arguments: { text } });
    return (result.content as { text?: string }[])[0]?.text;
  }

  it("regenerates when an annotated function is added, serves it, and writes what `mcpsmith generate` would", async () => {
    const { dev, log, url } = await startDev();
    const first = await connect(url);
    expect(await toolNames(first)).toEqual(["echo"]);
    await first.close();

    writeFileSync(join(project, "src/tools.ts"), annotated(...SHOUT));
    await log.until((text) => count(text, "listening on") >= 2);
    expect(log.text()).toMatch(/\[dev\] regenerated src\/generated\/server\.ts \(2 tools, \d+ ms\)/);
    // One restart for the edit: the compile that saw the old generated server was not acted on.
    expect(count(log.text(), "[dev] restarted the server")).toBe(1);
    const second = await connect(url);
    expect(await toolNames(second)).toEqual(["echo", "shout"]);
    expect(await call(second, "shout", "hello")).toBe("HELLO!");
    await second.close();

    const fromDev = readGenerated();
    const fresh = await runCli(["generate"], { cwd: project });
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stdout).toContain("(up to date)");
    expect(readGenerated()).toEqual(fromDev);

    dev.kill("SIGINT");
    expect(await exited(dev)).toBe(0);
  });

  it("prints an unsupported type at file:line:column, keeps serving the last good build, and recovers after the fix", async () => {
    const { dev, log, url } = await startDev();
    writeFileSync(join(project, "src/tools.ts"), annotated(...BROKEN_SHOUT));
    await log.until((text) => text.includes("[dev] not regenerated"));
    expect(log.text()).toContain(
      "src/tools.ts:13:45: args.then is a function, which JSON cannot carry. Take the data the function would work on instead (a string, number or object).",
    );
    expect(log.text()).toContain("[dev] not regenerated: fix the sources above (the last good build keeps serving)");
    expect(count(log.text(), "listening on")).toBe(1);
    const client = await connect(url);
    expect(await toolNames(client)).toEqual(["echo"]);
    expect(await call(client, "echo", "still here")).toBe("still here");
    await client.close();

    writeFileSync(join(project, "src/tools.ts"), annotated(...SHOUT));
    await log.until((text) => count(text, "listening on") >= 2);
    const fixed = await connect(url);
    expect(await toolNames(fixed)).toEqual(["echo", "shout"]);
    await fixed.close();
    expect(dev.exitCode).toBeNull();
  });
});
