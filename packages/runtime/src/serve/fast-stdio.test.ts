import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FastPath } from "../engine/fast/fast-path.js";
import { LiveModel } from "../engine/live-model.js";
import { server } from "../index.js";
import { toModel } from "../model/resolve.js";
import { fastStdio } from "./fast-stdio.js";

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};

const modern = (id: number, method = "tools/call", params: Record<string, unknown> = { name: "wait" }) => ({
  jsonrpc: "2.0",
  id,
  method,
  params: { ...params, _meta: ENVELOPE },
});

/** A stdio front over a model with one tool that answers when `release` is called, and the lines it wrote. */
function front() {
  const waiting: (() => void)[] = [];
  const app = server({ name: "t", version: "1" }).tool(
    "wait",
    { description: "Waits to be released", input: z.object({}) },
    async (_args, ctx) => {
      await new Promise<void>((resolve) => waiting.push(resolve));
      return ctx.signal.aborted ? "aborted" : "done";
    },
  );
  const written: string[] = [];
  const stdio = fastStdio(new FastPath(new LiveModel(toModel(app, {})), "stdio"), (text) => written.push(text));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  // Once every handler started is waiting, release them all.
  const release = async () => {
    await settle();
    for (const resolve of waiting.splice(0)) resolve();
    await settle();
  };
  const lines = () =>
    written
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  return { stdio, release, lines, settle, written };
}

describe("the fast path on stdio", () => {
  it("leaves the connection's first request to the SDK, which settles its era, then answers the hot ones", async () => {
    const { stdio, release, lines } = front();
    expect(stdio.take(modern(1))).toBe(false);
    expect(stdio.take(modern(2))).toBe(true);
    expect(stdio.take(modern(3, "completion/complete", {}))).toBe(false);
    await release();
    expect(lines()).toEqual([
      expect.objectContaining({
        id: 2,
        result: expect.objectContaining({ content: [{ type: "text", text: "done" }] }),
      }),
    ]);
  });

  it("stays out of a connection a 2025 revision opened, and of one whose opening it cannot be sure of", () => {
    const legacy = front();
    expect(
      legacy.stdio.take({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25" } }),
    ).toBe(false);
    expect(legacy.stdio.take(modern(1))).toBe(false);
    expect(legacy.stdio.take(modern(2))).toBe(false);

    const unsure = front();
    const claim2025 = {
      ...modern(1),
      params: { name: "wait", _meta: { ...ENVELOPE, "io.modelcontextprotocol/protocolVersion": "2025-11-25" } },
    };
    expect(unsure.stdio.take(claim2025)).toBe(false);
    expect(unsure.stdio.take(modern(2))).toBe(false);
  });

  it("writes the answers finished together in one write, in order, before the event loop turns", async () => {
    const { stdio, release, lines, written } = front();
    stdio.take(modern(1));
    for (const id of [2, 3, 4]) stdio.take(modern(id));
    await release();
    expect(written).toHaveLength(1);
    expect(lines().map((line) => line.id)).toEqual([2, 3, 4]);
    // One more answer, finished alone: written within its tick, before a timer or an immediate could run.
    stdio.take(modern(5, "tools/list", {}));
    const order: string[] = [];
    setImmediate(() => order.push(`immediate: ${written.length} writes`));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(["immediate: 2 writes"]);
  });

  it("waits through server/discover probes, which do not settle the era", () => {
    const { stdio } = front();
    expect(stdio.take(modern(1, "server/discover", {}))).toBe(false);
    expect(stdio.take(modern(2))).toBe(false);
    expect(stdio.take(modern(3))).toBe(true);
  });

  it("cancels its own request on notifications/cancelled and sends no answer for it, as the SDK does", async () => {
    const { stdio, release, lines } = front();
    stdio.take(modern(1));
    expect(stdio.take(modern(7))).toBe(true);
    expect(stdio.take(modern(9))).toBe(true);
    const cancel = { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7 } };
    expect(stdio.take(cancel)).toBe(false);
    await release();
    expect(lines().map((line) => line.id)).toEqual([9]);
  });

  it("cancels what is still running when the connection closes", async () => {
    const { stdio, release, lines } = front();
    stdio.take(modern(1));
    stdio.take(modern(8));
    stdio.stop();
    await release();
    expect(lines()).toEqual([]);
  });
});
