import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { acceptedContent, inputRequired, server } from "../index.js";
import { type ServeHandle, serve } from "../serve/serve.js";
import { createTestClient } from "../testing/index.js";

/*
 * ctx.elicit / ctx.sample / ctx.listRoots through the official v2 client, in both eras (2026-07-28: input_required
 * rounds the client driver fulfils; legacy: real server->client requests from the SDK's shim), in memory and over
 * HTTP. The same handlers serve all four; only how the answers travel differs.
 */

/** How many times each handler started, and how many times it got past its input calls. */
const runs = new Map<string, number>();
const completions = new Map<string, number>();
const count = (map: Map<string, number>, name: string) => map.set(name, (map.get(name) ?? 0) + 1);

const NameForm = z.object({ name: z.string().min(1) });

const app = () =>
  server({ name: "asking", version: "1.0.0" })
    .tool("greet", { description: "Asks for a name once." }, async (_args, ctx) => {
      count(runs, "greet");
      const answer = await ctx.elicit("What is your name?", NameForm);
      count(completions, "greet");
      return answer.action === "accept" ? `Hello, ${answer.content.name}!` : `No name (${answer.action})`;
    })
    .tool(
      "signup",
      { description: "Asks twice, one question per round.", input: z.object({ plan: z.string() }) },
      async ({ plan }, ctx) => {
        count(runs, "signup");
        const name = await ctx.elicit("Your name?", NameForm);
        if (name.action !== "accept") return "cancelled";
        const age = await ctx.elicit(`How old are you, ${name.content.name}?`, {
          type: "object",
          properties: { age: { type: "integer", minimum: 0 } },
          required: ["age"],
        });
        if (age.action !== "accept") return "cancelled";
        count(completions, "signup");
        return `${name.content.name} (${age.content.age}) on ${plan}`;
      },
    )
    .tool("summarize", { description: "Samples the client's model." }, async (_args, ctx) => {
      const result = await ctx.sample({
        messages: [{ role: "user", content: { type: "text", text: "Summarize: MCP" } }],
        maxTokens: 50,
      });
      return `${result.model}: ${result.content.type === "text" ? result.content.text : "?"}`;
    })
    .tool("roots", { description: "Lists the client's roots." }, async (_args, ctx) => {
      const roots = await ctx.listRoots();
      return roots.map((root) => root.uri).join(", ");
    })
    .tool("everything", { description: "Asks for all three at once." }, async (_args, ctx) => {
      count(runs, "everything");
      const [name, sample, roots] = await Promise.all([
        ctx.elicit("Name?", NameForm, { key: "user_name" }),
        ctx.sample({ messages: [{ role: "user", content: { type: "text", text: "Hi" } }], maxTokens: 5 }),
        ctx.listRoots({ key: "client_roots" }),
      ]);
      return { name: name.action === "accept" ? name.content.name : null, model: sample.model, roots: roots.length };
    })
    .tool("manual", { description: "The lower-level API." }, (_args, ctx) => {
      // As in docs/runtime.md, "The lower-level API".
      const answer = acceptedContent(ctx.inputResponses, "confirm", z.object({ ok: z.boolean() }));
      if (!answer?.ok) {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({ message: "Sure?", requestedSchema: z.object({ ok: z.boolean() }) }),
          },
          requestState: "step-1",
        });
      }
      return `confirmed=${answer.ok} state=${ctx.requestState}`;
    })
    .prompt("brief", { description: "A prompt that asks first." }, async (_args, ctx) => {
      const answer = await ctx.elicit("Topic?", z.object({ topic: z.string() }));
      return answer.action === "accept" ? `Brief me on ${answer.content.topic}.` : "Brief me.";
    })
    .resource("asking://secret", { mimeType: "text/plain" }, async (ctx) => {
      const answer = await ctx.elicit("Password?", z.object({ password: z.string() }));
      return answer.action === "accept" && answer.content.password === "open sesame" ? "the secret" : "denied";
    });

type Era = "legacy" | "2026-07-28";
type Transport = "in-memory" | "http";

const ALL_CAPABILITIES = { elicitation: {}, sampling: {}, roots: { listChanged: false } };

interface Asked {
  elicitations: string[];
  samplings: unknown[];
  roots: number;
}

/** What the user answers, per message; `decline`/`cancel` for a refusal. */
type Answers = Record<string, Record<string, unknown> | "decline" | "cancel">;

function answerRequests(client: Client, answers: Answers): Asked {
  const asked: Asked = { elicitations: [], samplings: [], roots: 0 };
  client.setRequestHandler("elicitation/create", (request) => {
    const { message } = request.params;
    asked.elicitations.push(message);
    const answer = answers[message];
    if (answer === undefined) throw new Error(`unexpected question: ${message}`);
    return typeof answer === "string" ? { action: answer } : { action: "accept", content: answer as never };
  });
  client.setRequestHandler("sampling/createMessage", (request) => {
    asked.samplings.push(request.params);
    return { model: "test-model", role: "assistant", content: { type: "text", text: "a protocol" } };
  });
  client.setRequestHandler("roots/list", () => {
    asked.roots += 1;
    return { roots: [{ uri: "file:///work", name: "work" }, { uri: "file:///tmp" }] };
  });
  return asked;
}

let http: ServeHandle | undefined;
const clients: Client[] = [];

async function connect(transport: Transport, era: Era, capabilities: object = ALL_CAPABILITIES): Promise<Client> {
  let client: Client;
  if (transport === "in-memory") {
    client = await createTestClient(app(), { era, capabilities });
  } else {
    client = new Client(
      { name: "mrtr-test", version: "1.0.0" },
      { capabilities, ...(era === "2026-07-28" && { versionNegotiation: { mode: { pin: era } } }) },
    );
    await client.connect(new StreamableHTTPClientTransport(http!.url!));
  }
  clients.push(client);
  return client;
}

const text = (result: { content?: unknown }) => (result.content as { type: string; text: string }[])[0]?.text;

beforeAll(async () => {
  // A fixed key: the test also checks that serve() stays quiet about the random per-process key then.
  http = await serve(app(), {
    http: { port: 0 },
    exitOnShutdown: false,
    options: { requestState: { key: "k".repeat(32) } },
  });
});
afterAll(async () => {
  await http?.close();
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  runs.clear();
  completions.clear();
});

describe.each<[Transport, Era]>([
  ["in-memory", "2026-07-28"],
  ["in-memory", "legacy"],
  ["http", "2026-07-28"],
  ["http", "legacy"],
])("input requests over %s, %s", (transport, era) => {
  it("elicits once: the handler re-runs, code after the elicit runs once", async () => {
    const client = await connect(transport, era);
    const asked = answerRequests(client, { "What is your name?": { name: "Ada" } });
    const result = await client.callTool({ name: "greet", arguments: {} });
    expect(text(result)).toBe("Hello, Ada!");
    expect(asked.elicitations).toEqual(["What is your name?"]);
    if (transport === "in-memory") {
      expect(runs.get("greet")).toBe(2);
      expect(completions.get("greet")).toBe(1);
    }
  });

  it("elicits twice over two rounds, carrying the first answer in the signed state", async () => {
    const client = await connect(transport, era);
    const asked = answerRequests(client, { "Your name?": { name: "Ada" }, "How old are you, Ada?": { age: 36 } });
    const result = await client.callTool({ name: "signup", arguments: { plan: "pro" } });
    expect(text(result)).toBe("Ada (36) on pro");
    expect(asked.elicitations).toEqual(["Your name?", "How old are you, Ada?"]);
    if (transport === "in-memory") {
      expect(runs.get("signup")).toBe(3);
      expect(completions.get("signup")).toBe(1);
    }
  });

  it.each(["decline", "cancel"] as const)("a %s reaches the handler as such", async (action) => {
    const client = await connect(transport, era);
    answerRequests(client, { "What is your name?": action });
    expect(text(await client.callTool({ name: "greet", arguments: {} }))).toBe(`No name (${action})`);
  });

  it("samples the client's model", async () => {
    const client = await connect(transport, era);
    const asked = answerRequests(client, {});
    expect(text(await client.callTool({ name: "summarize", arguments: {} }))).toBe("test-model: a protocol");
    expect(asked.samplings).toMatchObject([
      { messages: [{ role: "user", content: { type: "text", text: "Summarize: MCP" } }], maxTokens: 50 },
    ]);
  });

  it("lists the client's roots", async () => {
    const client = await connect(transport, era);
    const asked = answerRequests(client, {});
    expect(text(await client.callTool({ name: "roots", arguments: {} }))).toBe("file:///work, file:///tmp");
    expect(asked.roots).toBe(1);
  });

  it("input calls started together go out in one round", async () => {
    const client = await connect(transport, era);
    const asked = answerRequests(client, { "Name?": { name: "Lin" } });
    const result = await client.callTool({ name: "everything", arguments: {} });
    expect(result.structuredContent).toEqual({ name: "Lin", model: "test-model", roots: 2 });
    expect([asked.elicitations.length, asked.samplings.length, asked.roots]).toEqual([1, 1, 1]);
    if (transport === "in-memory") expect(runs.get("everything")).toBe(2);
  });

  it("the lower-level API: inputRequired(...) with its own requestState, handed back signed and verified", async () => {
    const client = await connect(transport, era);
    answerRequests(client, { "Sure?": { ok: true } });
    expect(text(await client.callTool({ name: "manual", arguments: {} }))).toBe("confirmed=true state=step-1");
  });

  it("prompts and resources elicit too", async () => {
    const client = await connect(transport, era);
    answerRequests(client, { "Topic?": { topic: "tides" }, "Password?": { password: "open sesame" } });
    const prompt = await client.getPrompt({ name: "brief" });
    expect(prompt.messages[0]?.content).toEqual({ type: "text", text: "Brief me on tides." });
    const resource = await client.readResource({ uri: "asking://secret" });
    expect(resource.contents[0]).toMatchObject({ text: "the secret" });
  });

  it("an answer that does not fit the form is an error naming the field", async () => {
    const client = await connect(transport, era);
    answerRequests(client, { "What is your name?": { name: "" } });
    const result = await client.callTool({ name: "greet", arguments: {} });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^The answer to "What is your name\?" does not fit the form: name: /);
  });
});

describe("a client that did not declare the capability", () => {
  it("2026-07-28: the call fails with -32021 and names the missing capability", async () => {
    const client = await connect("in-memory", "2026-07-28", { sampling: {} });
    const failure = await client.callTool({ name: "greet", arguments: {} }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: {} } } });
  });

  it.each<Transport>(["in-memory", "http"])("legacy over %s: an isError result that says so", async (transport) => {
    const client = await connect(transport, "legacy", { sampling: {} });
    const result = await client.callTool({ name: "greet", arguments: {} });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/elicitation\/create.*did not declare the required capability/);
  });

  it("the handler can check first and do without", async () => {
    const fallback = server({ name: "polite", version: "1.0.0" }).tool(
      "greet",
      { description: "Asks only when it can." },
      async (_args, ctx) => {
        if (!ctx.client.capabilities.elicitation) return "Hello, stranger!";
        const answer = await ctx.elicit("Name?", NameForm);
        return answer.action === "accept" ? `Hello, ${answer.content.name}!` : "Hello!";
      },
    );
    for (const era of ["2026-07-28", "legacy"] as const) {
      const client = await createTestClient(fallback, { era, capabilities: { sampling: {} } });
      clients.push(client);
      expect(text(await client.callTool({ name: "greet", arguments: {} }))).toBe("Hello, stranger!");
    }
  });
});

describe("elicitation schemas", () => {
  it("a schema the restricted elicitation form cannot express is a clear error", async () => {
    const nested = server({ name: "nested", version: "1.0.0" }).tool(
      "ask",
      { description: "Asks with a nested schema." },
      async (_args, ctx) => {
        await ctx.elicit("Address?", z.object({ address: z.object({ city: z.string() }) }));
        return "unreachable";
      },
    );
    const client = await createTestClient(nested, { era: "2026-07-28", capabilities: ALL_CAPABILITIES });
    clients.push(client);
    const result = await client.callTool({ name: "ask", arguments: {} });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/flat primitive properties.*address/);
  });
});
