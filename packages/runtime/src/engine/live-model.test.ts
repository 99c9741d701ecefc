import { Client, InMemoryTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { InMemoryServerEventBus, type ServerEvent, type ServerEventBus } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { McpsmithError, server, toFetchHandler } from "../index.js";
import { toModel } from "../model/resolve.js";
import { createTestClient } from "../testing/index.js";
import { LiveModel } from "./live-model.js";
import { createConnectionServer, MAX_SUBSCRIPTIONS } from "./server/server-factory.js";

/** A bus that remembers what was published. */
function recordingBus(): ServerEventBus & { events: ServerEvent[] } {
  const inner = new InMemoryServerEventBus();
  const events: ServerEvent[] = [];
  return {
    events,
    publish: (event) => {
      events.push(event);
      inner.publish(event);
    },
    subscribe: (listener) => inner.subscribe(listener),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** An official client on a fetch handler, in process: legacy (the 2025 handshake) or pinned to 2026-07-28. */
async function fetchClient(handler: { fetch(request: Request): Promise<Response> }, modern: boolean): Promise<Client> {
  const client = new Client(
    { name: "t", version: "1" },
    modern ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
  const fetch = (url: string | URL, init?: RequestInit) => handler.fetch(new Request(url, init));
  await client.connect(new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), { fetch }));
  return client;
}

const base = () =>
  server({ name: "live", version: "1.0.0" })
    .tool("first", { description: "First" }, () => 1)
    .resource("live://doc", {}, () => "doc")
    .prompt("ask", { description: "Ask" }, () => "?");

function liveModel(app = base()) {
  const bus = recordingBus();
  return { live: new LiveModel(toModel(app), bus), bus };
}

describe("LiveModel changes", () => {
  it("replaces every entry at once, announcing only the lists that differ, keeping identity and signing", async () => {
    const { live, bus } = liveModel();
    const before = live.current;
    const next = server({ name: "other", version: "9.9.9" })
      .tool("first", { description: "First" }, () => 1)
      .tool("second", { description: "Second" }, () => 2)
      .resource("live://doc", {}, () => "doc")
      .build();
    live.replace(next);
    expect(live.current.toolList.map((t) => t.name)).toEqual(["first", "second"]);
    expect(live.current.promptList).toEqual([]);
    expect(live.current.info).toBe(before.info);
    expect(live.current.requestState).toBe(before.requestState);
    // Capabilities only grow: clients told "prompts" may still ask for them.
    expect(live.current.serverOptions.capabilities?.prompts).toBeDefined();
    await tick();
    expect(bus.events.map((event) => event.kind).sort()).toEqual(["prompts_list_changed", "tools_list_changed"]);
    const broken = { ...next, tools: [{ name: "bad name!", description: "x", handler: () => 1 }] };
    expect(() => live.replace(broken)).toThrow(McpsmithError);
    expect(live.current.toolList.map((t) => t.name)).toEqual(["first", "second"]);
  });

  it("serves the replacing model's instructions to connections made from then on, and none when it has none", async () => {
    const { live } = liveModel();
    const told = async () => {
      const client = new Client({ name: "t", version: "1" });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await createConnectionServer(live, "legacy", "stdio").connect(serverSide);
      await client.connect(clientSide);
      try {
        return client.getInstructions();
      } finally {
        await client.close();
      }
    };
    live.replace({ ...toModel(base()), instructions: "From notes: read-only." });
    expect(await told()).toBe("From notes: read-only.");
    live.replace(toModel(base()));
    expect(await told()).toBeUndefined();
  });

  it("adds a tool after the existing ones, compiled (validated input) and announced once", async () => {
    const { live, bus } = liveModel();
    const before = live.current;
    live.server.addTool("second", { description: "Second", input: z.object({ n: z.number() }) }, ({ n }) => n * 2);
    expect(live.current.toolList.map((t) => t.name)).toEqual(["first", "second"]);
    expect(live.current.toolList[1]?.inputSchema).toMatchObject({ type: "object", required: ["n"] });
    expect(await live.current.tools.get("second")?.input.validate({ n: "x" })).toMatchObject({ ok: false });
    // The snapshot a running request holds is left alone; untouched lists keep their identity.
    expect(before.toolList.map((t) => t.name)).toEqual(["first"]);
    expect(live.current.resourceList).toBe(before.resourceList);
    expect(live.current.promptList).toBe(before.promptList);
    await tick();
    expect(bus.events).toEqual([{ kind: "tools_list_changed" }]);
  });

  it.each([
    ["a name outside the MCP rule", "bad name", { description: "x" }, /tool name "bad name" must be/],
    ["no description", "quiet", {}, /needs a description/],
    [
      "a non-object input schema",
      "scalar",
      { description: "x", input: z.string() },
      /root must be \{ type: "object" \}/,
    ],
    ["a taken name", "first", { description: "x" }, /tool "first" already exists/],
  ])("refuses a tool with %s, leaving the model as it was", async (_what, name, definition, message) => {
    const { live, bus } = liveModel();
    const before = live.current;
    let error: unknown;
    try {
      live.server.addTool(name, definition, () => 1);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(McpsmithError);
    expect((error as McpsmithError).code).toBe("E_MODEL_INVALID");
    expect((error as Error).message).toMatch(/the running model is unchanged/);
    expect((error as Error).message).toMatch(message);
    expect(live.current).toBe(before);
    await tick();
    expect(bus.events).toEqual([]);
  });

  it("removes by name, announcing only a real removal", async () => {
    const { live, bus } = liveModel();
    expect(live.server.removeTool("nope")).toBe(false);
    expect(live.server.removePrompt("nope")).toBe(false);
    expect(live.server.removeResource("live://nope")).toBe(false);
    await tick();
    expect(bus.events).toEqual([]);
    expect(live.server.removeTool("first")).toBe(true);
    expect(live.current.tools.has("first")).toBe(false);
    expect(live.current.toolList).toEqual([]);
    await tick();
    expect(bus.events).toEqual([{ kind: "tools_list_changed" }]);
  });

  it("adds a template for a URI with {variables}, and removes it by that URI", async () => {
    const { live, bus } = liveModel();
    live.server.addResource("live://items/{id}", { complete: { id: ["one", "two"] } }, ({ id }) => `item ${id}`);
    live.server.addResource("live://notes", { mimeType: "text/markdown" }, () => "# notes");
    expect(live.current.templateList.map((t) => t.uriTemplate)).toEqual(["live://items/{id}"]);
    expect(live.current.resourceList.map((r) => r.uri)).toEqual(["live://doc", "live://notes"]);
    expect(live.current.completions.templates.has("live://items/{id}")).toBe(true);
    expect(() => live.server.addResource("live://items/{id}", {}, () => "again")).toThrow(/already exists/);
    expect(() => live.server.addResource("live://fixed", { complete: { id: [] } }, () => "")).toThrow(McpsmithError);

    expect(live.server.removeResource("live://items/{id}")).toBe(true);
    expect(live.current.templateList).toEqual([]);
    expect(live.current.completions.templates.size).toBe(0);
    await tick();
    // Two additions and a removal in one tick: one notification.
    expect(bus.events).toEqual([{ kind: "resources_list_changed" }]);
  });

  it("adds and removes prompts with their completions", () => {
    const { live } = liveModel();
    live.server.addPrompt(
      "greet",
      { description: "Greet", args: z.object({ name: z.string() }), complete: { name: ["Ada", "Alan"] } },
      ({ name }) => `Hello ${name}`,
    );
    expect(live.current.promptList.map((p) => p.name)).toEqual(["ask", "greet"]);
    expect(live.current.serverOptions.capabilities?.completions).toEqual({});
    expect(() => live.server.addPrompt("bad", { complete: { nope: [] } }, () => "")).toThrow(/"nope"/);
    expect(live.server.removePrompt("greet")).toBe(true);
    expect(live.current.completions.prompts.has("greet")).toBe(false);
  });

  it("sends one notification per kind for changes made in the same tick", async () => {
    const { live, bus } = liveModel();
    for (let i = 0; i < 50; i++) live.server.addTool(`t${i}`, { description: `T${i}` }, () => i);
    live.notify.toolsChanged();
    live.notify.promptsChanged();
    live.notify.resourceUpdated("live://doc");
    // resourceUpdated names one resource and goes out at once; list changes wait for the end of the tick.
    expect(bus.events).toEqual([{ kind: "resource_updated", uri: "live://doc" }]);
    await tick();
    expect(bus.events.slice(1)).toEqual([{ kind: "tools_list_changed" }, { kind: "prompts_list_changed" }]);
    live.server.removeTool("t0");
    await tick();
    expect(bus.events.at(-1)).toEqual({ kind: "tools_list_changed" });
  });

  it("advertises listChanged and resource subscriptions", () => {
    const { live } = liveModel();
    expect(live.current.serverOptions.capabilities).toMatchObject({
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
    });
  });

  it("grows the capabilities when a first entry of a kind arrives, and keeps them when the last goes", () => {
    const { live } = liveModel(
      server({ name: "tools-only", version: "1.0.0" }).tool("a", { description: "A" }, () => 1),
    );
    expect(live.current.serverOptions.capabilities?.prompts).toBeUndefined();
    live.server.addPrompt("p", { description: "P" }, () => "p");
    expect(live.current.serverOptions.capabilities?.prompts).toEqual({ listChanged: true });
    live.server.removePrompt("p");
    expect(live.current.serverOptions.capabilities?.prompts).toEqual({ listChanged: true });
  });
});

describe("connections and change notifications", () => {
  it("a connection stops listening to the bus when it closes", async () => {
    const bus = new InMemoryServerEventBus();
    const live = new LiveModel(toModel(base()), bus);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createConnectionServer(live, "legacy", "memory").connect(serverSide);
    const client = new Client({ name: "t", version: "1" });
    await client.connect(clientSide);
    expect(bus.listenerCount).toBe(1);
    await client.close();
    expect(bus.listenerCount).toBe(0);
  });

  it.each(["legacy", "2026-07-28"] as const)(
    "resource and prompt list changes made by a handler reach the client (%s)",
    async (era) => {
      const app = base().tool("grow", { description: "Adds a prompt and a resource" }, (_args, ctx) => {
        ctx.server.addPrompt("later", { description: "Later" }, () => "later");
        ctx.server.addResource("live://later", {}, () => "later");
        return "grown";
      });
      const client = await createTestClient(app, { era });
      const seen: string[] = [];
      for (const method of ["notifications/prompts/list_changed", "notifications/resources/list_changed"] as const) {
        client.setNotificationHandler(method, () => void seen.push(method));
      }
      const listen =
        era === "legacy" ? undefined : await client.listen({ promptsListChanged: true, resourcesListChanged: true });
      try {
        await client.callTool({ name: "grow", arguments: {} });
        await expect.poll(() => seen.length).toBe(2);
        expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(["ask", "later"]);
        expect((await client.readResource({ uri: "live://later" })).contents).toMatchObject([{ text: "later" }]);
      } finally {
        await listen?.close();
        await client.close();
      }
    },
  );

  it("a legacy connection subscribes to MAX_SUBSCRIPTIONS resources at most (-32602 past that)", async () => {
    const live = new LiveModel(toModel(base()), new InMemoryServerEventBus());
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createConnectionServer(live, "legacy", "memory").connect(serverSide);
    const client = new Client({ name: "t", version: "1" });
    await client.connect(clientSide);
    try {
      for (let i = 0; i < MAX_SUBSCRIPTIONS; i++) await client.subscribeResource({ uri: `live://doc/${i}` });
      await client.subscribeResource({ uri: "live://doc/0" }); // already held: not one more
      await expect(client.subscribeResource({ uri: "live://one-too-many" })).rejects.toMatchObject({ code: -32602 });
      await client.unsubscribeResource({ uri: "live://doc/0" });
      await client.subscribeResource({ uri: "live://one-too-many" });
    } finally {
      await client.close();
    }
  });

  it("a kind first added while a legacy connection is open is not announced to it (it was not advertised)", async () => {
    const app = server({ name: "tools-only", version: "1.0.0" }).tool("grow", { description: "G" }, (_a, ctx) => {
      ctx.server.addPrompt("p", { description: "P" }, () => "p");
      ctx.server.addTool("more", { description: "More" }, () => "more");
      return "ok";
    });
    const client = await createTestClient(app, { era: "legacy" });
    const seen: string[] = [];
    client.setNotificationHandler("notifications/tools/list_changed", () => void seen.push("tools"));
    client.setNotificationHandler("notifications/prompts/list_changed", () => void seen.push("prompts"));
    try {
      await client.callTool({ name: "grow", arguments: {} });
      await expect.poll(() => seen).toEqual(["tools"]);
      expect(client.getServerCapabilities()?.prompts).toBeUndefined();
    } finally {
      await client.close();
    }
  });

  it("toFetchHandler exposes the same model: a change made outside any handler reaches listening clients", async () => {
    const handler = toFetchHandler(base());
    const client = await fetchClient(handler, true);
    let changed = 0;
    client.setNotificationHandler("notifications/tools/list_changed", () => void changed++);
    const listen = await client.listen({ toolsListChanged: true });
    try {
      handler.server.addTool("outside", { description: "Added by the host application" }, () => "outside");
      await expect.poll(() => changed).toBe(1);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["first", "outside"]);
    } finally {
      await listen.close();
      await client.close();
      await handler.close();
    }
  });
});

describe("legacy clients served statelessly", () => {
  it("get -32601 for resources/subscribe: there is no connection to deliver updates on", async () => {
    const handler = toFetchHandler(base());
    const client = await fetchClient(handler, false);
    try {
      await expect(client.subscribeResource({ uri: "live://doc" })).rejects.toMatchObject({ code: -32601 });
    } finally {
      await client.close();
      await handler.close();
    }
  });
});
