import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const NOISY = fileURLToPath(new URL("./fixtures/noisy-server.mjs", import.meta.url));
/** A server on the lean entry: its first answers come from the stdio front, before the SDK is loaded. */
const LEAN = fileURLToPath(new URL("./fixtures/lean-server.mjs", import.meta.url));
/** A hang guard, not a speed assertion: a server that has not exited by then never will. */
const EXIT_GUARD_MS = 10_000;

interface RawServer {
  child: ChildProcessWithoutNullStreams;
  /** Every line written to stdout so far, raw. */
  stdoutLines: string[];
  stderr(): string;
  send(message: Record<string, unknown>): void;
  /** Resolves with the JSON-RPC response carrying this id. */
  response(id: number): Promise<Record<string, unknown>>;
  /** Resolves with the exit code and signal, or "still running" when the guard ran out (the child is then killed). */
  exit(): Promise<{ code: number | null; signal: NodeJS.Signals | null } | "still running">;
}

const started: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** Spawns the fixture and speaks newline-delimited JSON-RPC to it by hand, keeping every byte of stdout. */
function spawnRaw(script = NOISY): RawServer {
  const child = spawn(process.execPath, [script], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
  started.push(child);
  const stdoutLines: string[] = [];
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  let pending = "";
  let stderr = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    pending += chunk;
    for (let newline = pending.indexOf("\n"); newline >= 0; newline = pending.indexOf("\n")) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      stdoutLines.push(line);
      try {
        const message = JSON.parse(line) as Record<string, unknown>;
        if (typeof message.id === "number") waiting.get(message.id)?.(message);
      } catch {
        // Kept in stdoutLines: the assertions report it.
      }
    }
  });
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    stdoutLines,
    stderr: () => stderr,
    send: (message) => child.stdin.write(`${JSON.stringify(message)}\n`),
    response: (id) =>
      new Promise((resolve, reject) => {
        waiting.set(id, resolve);
        void exited.then(({ code, signal }) =>
          reject(new Error(`server exited (${code ?? signal}) before answering ${id}; stderr:\n${stderr}`)),
        );
      }),
    async exit() {
      let timer: NodeJS.Timeout | undefined;
      const guard = new Promise<"still running">((resolve) => {
        timer = setTimeout(() => resolve("still running"), EXIT_GUARD_MS);
      });
      const outcome = await Promise.race([exited, guard]);
      clearTimeout(timer);
      if (outcome === "still running") child.kill("SIGKILL");
      return outcome;
    },
  };
}

/** The legacy handshake plus one noisy tool call, so the server is up and has written its strays. */
async function initializeAndCall(server: RawServer): Promise<Record<string, unknown>> {
  server.send({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1.0.0" } },
  });
  const init = await server.response(1);
  expect(init.result).toMatchObject({ protocolVersion: "2025-11-25", serverInfo: { name: "noisy" } });
  server.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  server.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "noisy", arguments: { text: "hi" } } });
  return server.response(2);
}

function expectOnlyProtocolOnStdout(lines: readonly string[]): void {
  for (const line of lines) {
    let message: unknown;
    expect(() => {
      message = JSON.parse(line);
    }, `stdout line is not JSON: ${line}`).not.toThrow();
    expect(message).toMatchObject({ jsonrpc: "2.0" });
  }
}

describe("stdio hygiene", () => {
  it.each([
    ["legacy (2025-11-25)", {}],
    ["auto (2026-07-28)", { versionNegotiation: { mode: "auto" as const } }],
  ])("the official client works over %s while a tool writes to stdout", async (_era, options) => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [NOISY], cwd: ROOT, stderr: "pipe" });
    let stderr = "";
    const stream = transport.stderr as Readable;
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      stderr += chunk;
    });
    const errors: Error[] = [];
    transport.onerror = (error) => errors.push(error);
    const client = new Client({ name: "hygiene", version: "1.0.0" }, options);
    await client.connect(transport);
    try {
      // The second is written on the wire with \u escapes (serve/ascii-wire.ts): the client reads it as it was.
      for (const text of ["one", "Antônio — “two” 🎸"]) {
        const result = await client.callTool({ name: "noisy", arguments: { text } });
        expect(result.isError).toBeFalsy();
        expect(result.content).toEqual([{ type: "text", text: `echo ${text}` }]);
      }
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["noisy"]);
    } finally {
      await client.close();
    }
    expect(errors).toEqual([]);
    expect(stderr).toContain("stray console.log: one");
    expect(stderr).toContain("stray console.log: Antônio — “two” 🎸");
    expect(stderr).toContain("stray process.stdout.write");
  });

  it("keeps stdout to protocol messages and sends the stray text to stderr", async () => {
    const server = spawnRaw();
    const call = await initializeAndCall(server);
    expect(call.result).toMatchObject({ content: [{ type: "text", text: "echo hi" }] });
    server.child.stdin.end();
    expect(await server.exit()).toEqual({ code: 0, signal: null });

    expect(server.stdoutLines.map((line) => JSON.parse(line).id)).toEqual([1, 2]);
    expectOnlyProtocolOnStdout(server.stdoutLines);
    expect(server.stdoutLines.join("\n")).not.toContain("stray");
    const stderr = server.stderr();
    expect(stderr).toContain("stray console.log: hi\n");
    expect(stderr).toContain("stray console.info\n");
    expect(stderr).toContain("stray process.stdout.write\n");
    expect(stderr).toContain("stray write without newline");
  });

  it("writes an answer's few non-ASCII characters as \\u escapes, on the SDK's path and the fast path alike", async () => {
    const server = spawnRaw();
    await initializeAndCall(server);
    const text = `${"a long answer ".repeat(20)}Antônio — “live” 🎸`;
    // The first call may come before the legacy fast path is ready, this one after it.
    for (const id of [3, 4]) {
      server.send({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "noisy", arguments: { text } } });
      expect((await server.response(id)).result).toMatchObject({ content: [{ type: "text", text: `echo ${text}` }] });
    }
    server.child.stdin.end();
    expect(await server.exit()).toEqual({ code: 0, signal: null });
    const answers = server.stdoutLines.filter((line) => [3, 4].includes(JSON.parse(line).id));
    expect(answers).toHaveLength(2);
    for (const line of answers) {
      expect(line).not.toMatch(/[\u0080-\uffff]/);
      expect(line).toContain("Ant\\u00f4nio \\u2014 \\u201clive\\u201d \\ud83c\\udfb8");
    }
  });

  it("exits 0 when the client closes stdin", async () => {
    const server = spawnRaw();
    await initializeAndCall(server);
    server.child.stdin.end();
    expect(await server.exit()).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toContain("[noisy] shutdown complete");
  });

  it.each([
    ["the full entry", NOISY],
    ["the lean entry's front", LEAN],
  ])("exits 0 when the client stops reading stdout (%s): the write's EPIPE ends the connection", async (_, script) => {
    const server = spawnRaw(script);
    server.send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1.0.0" } },
    });
    await server.response(1);
    server.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    server.child.stdout.destroy();
    // Answered into a pipe nobody reads any more: the write fails (EPIPE) while stdin is still open.
    for (let id = 2; id < 6; id++) server.send({ jsonrpc: "2.0", id, method: "tools/list" });
    expect(await server.exit()).toEqual({ code: 0, signal: null });
    expect(server.stderr()).not.toMatch(/EPIPE|Unhandled 'error' event/);
  });

  it.each(["SIGTERM", "SIGINT"] as const)("exits 0 on %s", async (signal) => {
    const server = spawnRaw();
    await initializeAndCall(server);
    server.child.kill(signal);
    expect(await server.exit()).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toContain("[noisy] shutdown complete");
    expectOnlyProtocolOnStdout(server.stdoutLines);
  });

  it("exits 0 on SIGTERM while a client still holds stdin open and before any request", async () => {
    const server = spawnRaw();
    // Wait for the process to be ready: an answered ping on a fresh connection.
    server.send({ jsonrpc: "2.0", id: 1, method: "ping" });
    await server.response(1);
    server.child.kill("SIGTERM");
    expect(await server.exit()).toEqual({ code: 0, signal: null });
  });
});
