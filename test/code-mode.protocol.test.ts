// Code mode where users meet it: official clients, in memory and over HTTP. Each api call takes the path a tools/call
// takes (the caller's scopes, the tool hooks of the server's middleware, validation, the caller's rate limit), a
// cancelled request stops the
// run and the calls it made, tools that ask for input or run as tasks are marked and refused, and the declarations
// are a resource.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../packages/runtime/dist/auth/index.js";
import { codeMode } from "../packages/runtime/dist/code-mode/index.js";
import { connectClient, type TestClient } from "./support/clients.js";
import {
  McpsmithError,
  type Middleware,
  rateLimit,
  type ServeHandle,
  serve,
  server,
  ToolError,
} from "./support/runtime.js";

const KEYS_ENV = "MCPSMITH_CODE_MODE_TEST_KEYS";

interface Seen {
  hooked: string[];
  aborted: boolean;
  released: () => void;
  started: Promise<void>;
  signalStarted: () => void;
}

function app(seen: Seen) {
  return server({ name: "shop", version: "1.0.0" })
    .tool(
      "list_orders",
      {
        description: "List orders.",
        input: { type: "object", properties: { status: { type: "string", enum: ["open", "shipped"] } } },
        readOnly: true,
      },
      (args) => ({ orders: [{ id: 1, status: args.status ?? "open" }] }),
    )
    .tool(
      "refund",
      {
        description: "Refund an order.",
        input: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
        scopes: ["orders:write"],
      },
      (args) => ({ refunded: args.id }),
    )
    .tool("slow", { description: "Waits until released or cancelled.", readOnly: true }, async (_args, ctx) => {
      seen.signalStarted();
      await new Promise<void>((resolve) => {
        seen.released = resolve;
        ctx.signal.addEventListener("abort", () => {
          seen.aborted = true;
          resolve();
        });
      });
      return "done";
    })
    .tool("confirm", { description: "Asks the user first.", readOnly: true }, async (_args, ctx) => {
      const answer = await ctx.elicit("Sure?", { type: "object", properties: { ok: { type: "boolean" } } });
      return answer.action;
    })
    .tool("export", { description: "A long export, as a task.", task: "optional", readOnly: true }, () => "ok")
    .use({
      name: "trace",
      async tool(call, next) {
        seen.hooked.push(call.name);
        // A hook may rewrite arguments before they are validated: here every list is of shipped orders.
        if (call.name === "list_orders") call.arguments = { ...call.arguments, status: "shipped" };
        return next();
      },
    } satisfies Middleware);
}

function newSeen(): Seen {
  let signalStarted = () => {};
  const started = new Promise<void>((resolve) => {
    signalStarted = resolve;
  });
  return { hooked: [], aborted: false, released: () => {}, started, signalStarted };
}

const textOf = (result: { content?: unknown }) => (result.content as { text: string }[])[0]?.text ?? "";

describe("code mode in memory (v2 client, 2026-07-28)", () => {
  let client: TestClient;
  const seen = newSeen();

  beforeAll(async () => {
    client = await connectClient("v2 pinned 2026-07-28", { transport: "in-memory", target: codeMode(app(seen)) });
  });
  afterAll(() => client?.close());

  const execute = (code: string, options?: { signal?: AbortSignal }) =>
    client.callTool({ name: "execute", arguments: { code } }, options);

  it("sends every api call through the tool hooks of the server's middleware", async () => {
    seen.hooked.length = 0;
    const result = await execute("return [await api.list_orders({}), await api.refund({ id: 7 })]");
    expect(result.structuredContent).toEqual({
      result: [{ orders: [{ id: 1, status: "shipped" }] }, { refunded: 7 }],
      logs: [],
    });
    expect(seen.hooked).toEqual(["execute", "list_orders", "refund"]);
  });

  it("validates arguments as tools mode does, naming the field", async () => {
    const result = await execute('try { await api.refund({ id: "seven" }) } catch (e) { return e.message }');
    expect((result.structuredContent as { result: string }).result).toBe(
      'Invalid arguments for tool "refund": id: must be integer',
    );
  });

  it("marks tools that ask for input or run as tasks, and refuses them", async () => {
    const before = await client.callTool({ name: "search_api", arguments: { query: "export" } });
    expect((before.structuredContent as { functions: unknown[] }).functions[0]).toMatchObject({
      name: "export",
      notCallable: 'it runs as a task (task: "optional"), which code cannot wait for',
    });
    const task = await execute("const a = 1;\nreturn await api.export({})");
    expect(textOf(task)).toBe(
      'ApiError: api.export cannot be called from code: it runs as a task (task: "optional"), which code cannot wait for (line 2)',
    );
    const input = await execute("return await api.confirm({})");
    expect(textOf(input)).toMatch(
      /^ApiError: api\.confirm cannot be called from code: it asks the user for input.* \(line 1\)$/,
    );
    const after = await client.callTool({ name: "search_api", arguments: { query: "asks the user" } });
    expect((after.structuredContent as { functions: unknown[] }).functions[0]).toMatchObject({
      name: "confirm",
      notCallable: "it asks the user for input, which code cannot relay",
    });
  });

  it("stops the run and the calls it made when the request is cancelled", async () => {
    const controller = new AbortController();
    const running = execute("return await api.slow({})", { signal: controller.signal });
    await seen.started;
    controller.abort();
    await expect(running).rejects.toThrow();
    await expect.poll(() => seen.aborted).toBe(true);
    // The server goes on serving.
    expect((await execute("return 1")).structuredContent).toEqual({ result: 1, logs: [] });
  });

  it("serves the whole declarations file as a resource", async () => {
    const { contents } = await client.readResource("mcpsmith://code-mode/api.d.ts");
    const text = (contents[0] as { text: string }).text;
    expect(text).toContain("declare const api: {");
    expect(text).toContain("  list_orders(args?: ListOrdersInput): Promise<unknown>;");
    expect(text).toContain('interface ListOrdersInput {\n  status?: "open" | "shipped";\n}');
    expect(text).toContain("declare class ApiError extends Error");
  });
});

describe("code mode over HTTP with authentication (v1 and v2 clients)", () => {
  let handle: ServeHandle;

  beforeAll(async () => {
    process.env[KEYS_ENV] = "reader=key-reader orders:read,clerk=key-clerk orders:read orders:write";
    handle = await serve(codeMode(app(newSeen())), {
      http: { port: 0, auth: { verifiers: apiKeys({ env: KEYS_ENV }) } },
      exitOnShutdown: false,
    });
  });
  afterAll(async () => {
    await handle?.close();
    delete process.env[KEYS_ENV];
  });

  const as = (kind: "v1" | "v2 pinned 2026-07-28", key: string) =>
    connectClient(kind, { transport: "http", url: handle.url!, headers: { "x-api-key": key } });

  it.each(["v1", "v2 pinned 2026-07-28"] as const)(
    "refuses inside the code a call the caller may not make (%s)",
    async (kind) => {
      const reader = await as(kind, "key-reader");
      try {
        const refused = await reader.callTool({
          name: "execute",
          arguments: { code: "try { await api.refund({ id: 1 }) } catch (e) { return [e.name, e.message] }" },
        });
        expect((refused.structuredContent as { result: unknown }).result).toEqual([
          "ApiError",
          "Not allowed: refund needs the scope orders:write, which the caller's credential does not grant",
        ]);
        const found = await reader.callTool({ name: "search_api", arguments: { query: "refund order" } });
        expect((found.structuredContent as { functions: { name: string }[] }).functions.map((f) => f.name)).toEqual([
          "list_orders",
        ]);
      } finally {
        await reader.close();
      }
      const clerk = await as(kind, "key-clerk");
      try {
        const allowed = await clerk.callTool({
          name: "execute",
          arguments: { code: "return await api.refund({ id: 1 })" },
        });
        expect(allowed.structuredContent).toEqual({ result: { refunded: 1 }, logs: [] });
      } finally {
        await clerk.close();
      }
    },
  );
});

describe("code mode under a rate limit (v2 client in memory, v1 client over HTTP)", () => {
  const CALLS = 8;
  let handled = 0;
  const limited = () => {
    handled = 0;
    return (
      server({ name: "limited", version: "1.0.0" })
        // Five requests a client, then none: the rate never refills during the test.
        .use(rateLimit({ perSecond: 0.001, burst: 5 }))
        .tool("ping", { description: "Answers pong.", readOnly: true }, () => {
          handled++;
          return "pong";
        })
    );
  };
  // Each call's outcome, the code going on past refusals.
  const code = `const seen = []; for (let i = 0; i < ${CALLS}; i++) { try { seen.push(await api.ping({})) } catch (e) { seen.push(e.message) } } return seen`;

  /** The calls past the bucket fail inside the code, the handler never seeing them: each call took a token. */
  function expectChargedPerCall(result: { structuredContent?: unknown }) {
    const seen = (result.structuredContent as { result: string[] }).result;
    const served = seen.filter((outcome) => outcome === "pong").length;
    // The client's requests before and the execute itself took at least one token of the five.
    expect(served).toBeGreaterThan(0);
    expect(served).toBeLessThan(5);
    expect(seen.slice(0, served)).toEqual(Array(served).fill("pong"));
    for (const refusal of seen.slice(served)) expect(refusal).toMatch(/^Rate limit exceeded: .*retry in \d+ s/);
    expect(handled).toBe(served);
  }

  it("takes a token for each api call, in memory", async () => {
    const client = await connectClient("v2 pinned 2026-07-28", {
      transport: "in-memory",
      target: codeMode(limited()),
    });
    try {
      expectChargedPerCall(await client.callTool({ name: "execute", arguments: { code } }));
    } finally {
      await client.close();
    }
  });

  it("takes a token for each api call from the bucket of the HTTP client whose request runs the code", async () => {
    const handle = await serve(codeMode(limited()), { http: { port: 0 }, exitOnShutdown: false });
    try {
      const client = await connectClient("v1", { transport: "http", url: handle.url! });
      try {
        expectChargedPerCall(await client.callTool({ name: "execute", arguments: { code } }));
      } finally {
        await client.close();
      }
    } finally {
      await handle.close();
    }
  });
});

describe("codeMode options", () => {
  it("refuses a limit that is not a positive whole number, naming it", () => {
    expect(() => codeMode(app(newSeen()), { limits: { apiCalls: 0 } })).toThrow(
      new McpsmithError("E_CODE_MODE_OPTIONS", "codeMode: limits.apiCalls must be a positive whole number, got 0"),
    );
    expect(() => codeMode(app(newSeen()), { limits: { memoryBytes: 1024 } })).toThrow(
      /limits\.memoryBytes must be more than/,
    );
  });

  it("refuses hints for a tool the server does not have", () => {
    expect(() => codeMode(app(newSeen()), { hints: { list_order: { group: "orders" } } })).toThrow(
      "codeMode: hints or inputTools name no tool of the server: list_order",
    );
  });

  it("refuses a broken model at start-up, as tools mode does", () => {
    const broken = server({ name: "x", version: "1" }).tool(
      "bad name!",
      { description: "x" },
      () => new ToolError("x"),
    );
    expect(() => codeMode(broken)).toThrow(/bad name!/);
  });
});
