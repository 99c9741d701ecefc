import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { server } from "../index.js";
import { type FetchHandler, toFetchHandler } from "../serve/fetch.js";
import { serve } from "../serve/serve.js";
import { STATE_KEY_ENV } from "./request-state.js";

/*
 * The signed requestState, on the wire: hand-built 2026-07-28 requests, because the official client would never
 * send a tampered, foreign or stale state. Every refusal must be the JSON-RPC error -32602, never a crash, never
 * a silent re-ask.
 */

let question = "What is your name?";

const app = () =>
  server({ name: "signed", version: "1.0.0" })
    .tool("greet", { description: "Asks for a name." }, async (_args, ctx) => {
      const answer = await ctx.elicit(question, z.object({ name: z.string() }));
      return answer.action === "accept" ? `Hello, ${answer.content.name}!` : "Hello!";
    })
    .tool(
      "transfer",
      { description: "Confirms, then asks an amount.", input: z.object({ to: z.string() }) },
      async ({ to }, ctx) => {
        const sure = await ctx.elicit(`Send money to ${to}?`, z.object({ ok: z.boolean() }));
        if (sure.action !== "accept" || !sure.content.ok) return "stopped";
        const amount = await ctx.elicit("How much?", z.object({ amount: z.number() }));
        return amount.action === "accept" ? `sent ${amount.content.amount} to ${to}` : "stopped";
      },
    );

const handlers: FetchHandler[] = [];
function handler(options: Parameters<typeof toFetchHandler>[1] = {}): FetchHandler {
  const created = toFetchHandler(app(), options);
  handlers.push(created);
  return created;
}

afterEach(async () => {
  for (const created of handlers.splice(0)) await created.close();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  question = "What is your name?";
});

interface Answer {
  result?: {
    resultType?: string;
    content?: { text: string }[];
    inputRequests?: Record<string, { method: string; params?: { message?: string } }>;
    requestState?: string;
  };
  error?: { code: number; message: string; data?: unknown };
}

let id = 0;
async function callTool(
  target: FetchHandler,
  name: string,
  extra: { arguments?: Record<string, unknown>; inputResponses?: unknown; requestState?: string } = {},
): Promise<Answer> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: ++id,
    method: "tools/call",
    params: {
      name,
      arguments: extra.arguments ?? {},
      ...(extra.inputResponses !== undefined && { inputResponses: extra.inputResponses }),
      ...(extra.requestState !== undefined && { requestState: extra.requestState }),
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": { elicitation: {} },
        "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1.0.0" },
      },
    },
  });
  const response = await target.fetch(
    new Request("http://localhost/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call",
        "mcp-name": name,
      },
      body,
    }),
  );
  const text = await response.text();
  const json = response.headers.get("content-type")?.startsWith("text/event-stream")
    ? text
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5))
        .at(-1)
    : text;
  return JSON.parse(json ?? "{}") as Answer;
}

const accept = (content: Record<string, unknown>) => ({ action: "accept", content });
const REFUSED = { code: -32602, message: "Invalid or expired requestState" };

/** Round one of `greet`: the signed state the server hands out. */
async function firstState(target: FetchHandler, name = "greet", args: Record<string, unknown> = {}): Promise<string> {
  const round1 = await callTool(target, name, { arguments: args });
  expect(round1.result?.resultType).toBe("input_required");
  return round1.result!.requestState!;
}

describe("requestState on the wire", () => {
  it("round one asks with a signed state; round two with the answer and the state completes", async () => {
    const target = handler();
    const round1 = await callTool(target, "greet");
    expect(round1.result).toMatchObject({
      resultType: "input_required",
      inputRequests: { "input-0": { method: "elicitation/create", params: { message: "What is your name?" } } },
    });
    const round2 = await callTool(target, "greet", {
      inputResponses: { "input-0": accept({ name: "Ada" }) },
      requestState: round1.result!.requestState!,
    });
    expect(round2.result?.content?.[0]?.text).toBe("Hello, Ada!");
  });

  it("is opaque: not readable JSON, and answers carried between rounds do not show", async () => {
    const target = handler();
    const state1 = await firstState(target, "transfer", { to: "Bob" });
    const round2 = await callTool(target, "transfer", {
      arguments: { to: "Bob" },
      inputResponses: { "input-0": accept({ ok: true }) },
      requestState: state1,
    });
    const state2 = round2.result!.requestState!;
    expect(round2.result?.inputRequests?.["input-1"]?.params?.message).toBe("How much?");
    for (const state of [state1, state2]) {
      expect(() => JSON.parse(state)).toThrow();
      expect(state).not.toMatch(/Bob|"ok"|accept|input-0/);
    }
    const round3 = await callTool(target, "transfer", {
      arguments: { to: "Bob" },
      inputResponses: { "input-1": accept({ amount: 5 }) },
      requestState: state2,
    });
    expect(round3.result?.content?.[0]?.text).toBe("sent 5 to Bob");
  });

  it("a tampered state is refused with -32602", async () => {
    const target = handler();
    const state = await firstState(target);
    const dot = state.indexOf(".", 3);
    const flipped = state.slice(0, dot - 2) + (state[dot - 2] === "A" ? "B" : "A") + state.slice(dot - 1);
    for (const tampered of [flipped, `${state}-TAMPERED`, "v1.e30.AAAA", "not a state at all"]) {
      const answer = await callTool(target, "greet", {
        inputResponses: { "input-0": accept({ name: "Ada" }) },
        requestState: tampered,
      });
      expect(answer.error).toMatchObject(REFUSED);
      expect(answer.result).toBeUndefined();
    }
  });

  it("a state signed with another key is refused; replicas sharing MCPSMITH_STATE_KEY accept each other's", async () => {
    const mine = handler({ options: { requestState: { key: "a".repeat(32) } } });
    const theirs = handler({ options: { requestState: { key: "b".repeat(32) } } });
    const inputResponses = { "input-0": accept({ name: "Ada" }) };
    expect(
      (await callTool(theirs, "greet", { inputResponses, requestState: await firstState(mine) })).error,
    ).toMatchObject(REFUSED);

    vi.stubEnv(STATE_KEY_ENV, "a shared secret of at least 32 bytes!");
    const replica1 = handler();
    const replica2 = handler();
    const answer = await callTool(replica2, "greet", { inputResponses, requestState: await firstState(replica1) });
    expect(answer.result?.content?.[0]?.text).toBe("Hello, Ada!");
  });

  it("an expired state is refused (default ten minutes, or requestState.ttlSeconds)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-08-01T12:00:00Z") });
    const inputResponses = { "input-0": accept({ name: "Ada" }) };
    const byDefault = handler();
    const shortLived = handler({ options: { requestState: { ttlSeconds: 30 } } });
    const defaultState = await firstState(byDefault);
    const shortState = await firstState(shortLived);

    vi.setSystemTime(new Date("2026-08-01T12:09:00Z"));
    expect((await callTool(byDefault, "greet", { inputResponses, requestState: defaultState })).result).toBeDefined();
    expect((await callTool(shortLived, "greet", { inputResponses, requestState: shortState })).error).toMatchObject(
      REFUSED,
    );

    vi.setSystemTime(new Date("2026-08-01T12:11:00Z"));
    expect((await callTool(byDefault, "greet", { inputResponses, requestState: defaultState })).error).toMatchObject(
      REFUSED,
    );
  });

  it("a valid state replayed on another call (other tool, other arguments) is refused", async () => {
    const target = handler();
    const toBob = await firstState(target, "transfer", { to: "Bob" });
    const inputResponses = { "input-0": accept({ ok: true }) };
    const otherArgs = await callTool(target, "transfer", {
      arguments: { to: "Eve" },
      inputResponses,
      requestState: toBob,
    });
    expect(otherArgs.error).toMatchObject(REFUSED);
    const otherTool = await callTool(target, "greet", { inputResponses, requestState: toBob });
    expect(otherTool.error).toMatchObject(REFUSED);
  });

  it("a missing, misnamed or malformed answer asks again instead of failing", async () => {
    const target = handler();
    for (const inputResponses of [{ wrong_key: accept({ name: "Ada" }) }, { "input-0": 12345 }, { "input-0": {} }]) {
      const answer = await callTool(target, "greet", { inputResponses });
      expect(answer.result?.resultType).toBe("input_required");
      expect(Object.keys(answer.result?.inputRequests ?? {})).toEqual(["input-0"]);
    }
  });

  it("answers sent without a state are used (the client answered what the handler asks)", async () => {
    const answer = await callTool(handler(), "greet", {
      inputResponses: { "input-0": accept({ name: "Ada" }), unrelated: accept({ x: 1 }) },
    });
    expect(answer.result?.content?.[0]?.text).toBe("Hello, Ada!");
  });

  it("an answer to a question the handler no longer asks is not reused", async () => {
    const target = handler();
    const state = await firstState(target);
    question = "What is your full name?";
    const answer = await callTool(target, "greet", {
      inputResponses: { "input-0": accept({ name: "Ada" }) },
      requestState: state,
    });
    expect(answer.result?.resultType).toBe("input_required");
    expect(answer.result?.inputRequests?.["input-0"]?.params?.message).toBe("What is your full name?");
  });
});

describe("the signing key", () => {
  it("shorter than 32 bytes fails at start-up, naming where it came from", () => {
    expect(() => handler({ options: { requestState: { key: "short" } } })).toThrow(
      /options\.requestState\.key must be at least 32 bytes \(got 5\)/,
    );
    vi.stubEnv(STATE_KEY_ENV, "also too short");
    expect(() => handler()).toThrow(/MCPSMITH_STATE_KEY must be at least 32 bytes/);
  });

  it("serve() over HTTP warns once on stderr when it signs with a random per-process key", async () => {
    vi.stubEnv(STATE_KEY_ENV, "");
    const writes: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      writes.push(String(chunk));
      return true;
    });
    const random = await serve(app(), { http: { port: 0 }, exitOnShutdown: false });
    await random.close();
    expect(writes.filter((line) => line.includes(STATE_KEY_ENV))).toHaveLength(1);

    writes.length = 0;
    vi.stubEnv(STATE_KEY_ENV, "a shared secret of at least 32 bytes!");
    const keyed = await serve(app(), { http: { port: 0 }, exitOnShutdown: false });
    await keyed.close();
    expect(writes.some((line) => line.includes(STATE_KEY_ENV))).toBe(false);
  });
});
