// A replica's probes and its graceful drain, on a real process: /healthz and /readyz, then SIGTERM while a call is
// in flight and a 2026-07-28 listen stream is open. The call finishes, new requests and readiness get 503 meanwhile,
// the listen stream ends gracefully (the empty listen response), and the process exits 0.

import { type ChildProcess, spawn } from "node:child_process";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ROOT, stopProcess } from "./support/servers.js";

const SCRIPT = "test/fixtures/drain-server.mjs";

async function start(): Promise<{ child: ChildProcess; url: URL; stderr: () => string }> {
  const child = spawn(process.execPath, [SCRIPT, "0"], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  child.stderr!.setEncoding("utf8");
  const url = await new Promise<URL>((resolve, reject) => {
    child.stderr!.on("data", (chunk: string) => {
      log += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(log);
      if (match) resolve(new URL(match[1]!));
    });
    child.once("exit", (code) => reject(new Error(`exited ${code} before listening:\n${log}`)));
  });
  return { child, url, stderr: () => log };
}

describe("health probes and graceful drain (node server)", () => {
  const children: ChildProcess[] = [];
  afterAll(async () => {
    await Promise.all(children.map((child) => stopProcess(child)));
  });

  it("answers /healthz and /readyz, and drains on SIGTERM", async () => {
    const { child, url, stderr } = await start();
    children.push(child);
    const probe = (path: string) =>
      fetch(new URL(path, url)).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect(await probe("/healthz")).toEqual({ status: 200, body: { status: "ok" } });
    expect(await probe("/readyz")).toEqual({ status: 200, body: { status: "ready" } });

    const client = new Client(
      { name: "drain-test", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    await client.connect(new StreamableHTTPClientTransport(url));
    const subscription = await client.listen({ toolsListChanged: true, resourceSubscriptions: ["live://x"] });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

    const inFlight = client.callTool({ name: "slow", arguments: { ms: 1_000 } });
    await vi.waitUntil(() => stderr().includes("[drain-server] slow started"), { timeout: 10_000, interval: 10 });
    child.kill("SIGTERM");

    // Draining: alive, not ready, new work turned away to another replica.
    await vi.waitUntil(async () => (await probe("/readyz")).status === 503, { timeout: 10_000, interval: 20 });
    expect(await probe("/readyz")).toEqual({ status: 503, body: { status: "draining" } });
    expect(await probe("/healthz")).toEqual({ status: 200, body: { status: "ok" } });
    const refused = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "mcp-method": "tools/call" },
      body: "{}",
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");

    // The call in flight finishes; the listen stream ends gracefully; the process exits cleanly.
    const result = await inFlight;
    expect(result.content).toEqual([{ type: "text", text: "done after 1000 ms" }]);
    expect(await subscription.closed).toBe("graceful");
    expect(await exited).toBe(0);
    expect(stderr()).toContain("[drain-server] shut down");
    await client.close();
  });
});
