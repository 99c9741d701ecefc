import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Server } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FastPath } from "../engine/fast/fast-path.js";
import { LegacyFastPath } from "../engine/fast/legacy-fast-path.js";
import { MiddlewareServer } from "../engine/middleware/middleware-server.js";
import { server } from "../index.js";
import { serve } from "./serve.js";

const app = () => server({ name: "switch", version: "1.0.0" }).tool("echo", { description: "Echo" }, () => "hi");

afterEach(() => {
  delete process.env.MCPSMITH_FAST_PATH;
  vi.restoreAllMocks();
});

/**
 * Which path answered a `tools/call` from the official client: the fast path's `answer` (the 2026-07-28 one, or the
 * legacy one for a client that opened with `initialize`), or an SDK `Server` (one of ours, whose handlers the SDK
 * wraps as it registers them, or its Protocol's dispatch on a legacy session's). Observed, not inferred from the flag.
 */
async function pathTaken(
  era: "2026-07-28" | "legacy" = "2026-07-28",
  legacySessions = true,
): Promise<{ fast: number; sdk: number }> {
  const handle = await serve(app(), { http: { port: 0, legacySessions }, exitOnShutdown: false });
  const client = new Client(
    { name: "switch-test", version: "1.0.0" },
    era === "legacy" ? {} : { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  try {
    await client.connect(new StreamableHTTPClientTransport(handle.url!));
    const fast = vi.spyOn(era === "legacy" ? LegacyFastPath.prototype : FastPath.prototype, "answer");
    const wrapped = vi.spyOn(MiddlewareServer.prototype as unknown as { _wrapHandler: () => unknown }, "_wrapHandler");
    const dispatched = vi.spyOn(Server.prototype as unknown as { _onrequest: () => unknown }, "_onrequest");
    const result = await client.callTool({ name: "echo", arguments: {} });
    expect(result.content).toEqual([{ type: "text", text: "hi" }]);
    return { fast: fast.mock.calls.length, sdk: wrapped.mock.calls.length + dispatched.mock.calls.length };
  } finally {
    await client.close();
    await handle.close();
  }
}

describe("MCPSMITH_FAST_PATH", () => {
  it("answers a hot request on the fast path by default, with no SDK server made for it", async () => {
    expect(await pathTaken()).toEqual({ fast: 1, sdk: 0 });
  });

  it.each([
    ["in a session", true],
    ["with no session", false],
  ])("answers a legacy client's hot request on the legacy fast path, %s", async (_, sessions) => {
    expect(await pathTaken("legacy", sessions)).toEqual({ fast: 1, sdk: 0 });
  });

  it("=0 sends a legacy client's request through the SDK", async () => {
    process.env.MCPSMITH_FAST_PATH = "0";
    const taken = await pathTaken("legacy");
    expect(taken.fast).toBe(0);
    expect(taken.sdk).toBeGreaterThan(0);
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
