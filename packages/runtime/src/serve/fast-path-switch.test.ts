import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FastPath } from "../engine/fast/fast-path.js";
import { MiddlewareServer } from "../engine/middleware/server.js";
import { server } from "../index.js";
import { serve } from "./serve.js";

const app = () => server({ name: "switch", version: "1.0.0" }).tool("echo", { description: "Echo" }, () => "hi");

afterEach(() => {
  delete process.env.MCPSMITH_FAST_PATH;
  vi.restoreAllMocks();
});

/**
 * Which path answered a 2026-07-28 `tools/call` from the official client: the fast path's `answer`, or a per-request
 * SDK `Server` (one of ours, whose handlers the SDK wraps as it registers them). Observed, not inferred from the flag.
 */
async function pathTaken(): Promise<{ fast: number; sdk: number }> {
  const handle = await serve(app(), { http: { port: 0 }, exitOnShutdown: false });
  const client = new Client(
    { name: "switch-test", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  try {
    await client.connect(new StreamableHTTPClientTransport(handle.url!));
    const fast = vi.spyOn(FastPath.prototype, "answer");
    const sdk = vi.spyOn(MiddlewareServer.prototype as unknown as { _wrapHandler: () => unknown }, "_wrapHandler");
    const result = await client.callTool({ name: "echo", arguments: {} });
    expect(result.content).toEqual([{ type: "text", text: "hi" }]);
    return { fast: fast.mock.calls.length, sdk: sdk.mock.calls.length };
  } finally {
    await client.close();
    await handle.close();
  }
}

describe("MCPSMITH_FAST_PATH", () => {
  it("answers a hot request on the fast path by default, with no SDK server made for it", async () => {
    expect(await pathTaken()).toEqual({ fast: 1, sdk: 0 });
  });

  it.each(["0", "false"])(
    "=%s sends the same request through an SDK server, and never to the fast path",
    async (value) => {
      process.env.MCPSMITH_FAST_PATH = value;
      const taken = await pathTaken();
      expect(taken.fast).toBe(0);
      expect(taken.sdk).toBeGreaterThan(0);
    },
  );
});
