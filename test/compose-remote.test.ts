// Remote MCP servers as sources of a config (docs/compose.md, "Remote MCP servers"): servers written with the bare
// official SDK, v1 and v2 (test/fixtures/remotes/remote-server.mjs), over stdio (started by the proxy) and HTTP
// (a process of their own), each composed under a prefix with transforms, and driven through the composed server
// by the official clients (v2 legacy, auto and pinned 2026-07-28, and v1): tools with structured output, progress,
// isError and cancellation, resources and templates, prompts, completions, merged instructions.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Composition } from "../packages/codegen/dist/compose/index.js";
import { CLIENTS, connectClient, type TestClient } from "./support/clients.js";
import { type ConfigFolder, configFolder, httpRemote, stdioRemote } from "./support/remotes.js";
import type { SpawnedHttpServer } from "./support/servers.js";

// biome-ignore lint/suspicious/noExplicitAny: results are read field by field, as a client would
type Json = any;
const textOf = (result: Json) => result.content[0].text as string;

const REMOTES = [
  { sdk: "v1", transport: "stdio" },
  { sdk: "v2", transport: "stdio" },
  { sdk: "v1", transport: "http" },
  { sdk: "v2", transport: "http" },
] as const;

describe.each(REMOTES)("a remote written with the SDK $sdk over $transport", ({ sdk, transport }) => {
  let folder: ConfigFolder;
  let http: SpawnedHttpServer | undefined;
  let composition: Composition;
  beforeAll(async () => {
    folder = configFolder();
    if (transport === "http") http = await httpRemote(sdk);
    const mcp = http ? { url: http.url.href } : stdioRemote(sdk);
    const tools = {
      exclude: ["die", "grow", "shrink", "ask", "asked", "chatty", "touch", "headers", "traceparent"],
      rename: { echo: "say" },
      bind: { add: { b: 10 } },
    };
    composition = await folder.compose({ instructions: "One gateway.", sources: { notes: { mcp, tools } } });
  }, 30_000);
  afterAll(async () => {
    await composition?.close();
    await http?.close();
    folder?.remove();
  });

  it("is composed as a source: prefixed, transformed, its instructions under its key", () => {
    expect(composition.sources.map(({ key, kind, tools }) => ({ key, kind, tools }))).toEqual([
      { key: "notes", kind: "mcp", tools: 6 },
    ]);
    expect(composition.sources[0]!.title).toMatch(new RegExp(`^notes-${sdk} 1\\.0\\.0 \\(`));
    expect(composition.model.instructions).toBe(
      "One gateway.\n\nFrom notes (its tools are named notes_*): Notes are read-only.",
    );
  });

  describe.each(CLIENTS.map((client) => client.kind))("through the composed server, the %s client", (kind) => {
    let client: TestClient;
    beforeAll(async () => {
      client = await connectClient(kind, { transport: "in-memory", target: composition.model });
    });
    afterAll(async () => {
      await client?.close();
    });

    it("lists the remote's tools under the prefix, a bound argument left out", async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        "notes_say",
        "notes_add",
        "notes_count",
        "notes_fail",
        "notes_hold",
        "notes_cancellations",
      ]);
      const add = tools.find((tool) => tool.name === "notes_add")!;
      expect(Object.keys(add.inputSchema.properties ?? {})).toEqual(["a"]);
      expect(add.outputSchema?.properties).toHaveProperty("sum");
    });

    it("forwards calls and gives back what the remote answered: text, structured content, isError", async () => {
      expect(textOf(await client.callTool({ name: "notes_say", arguments: { text: "hi" } }))).toBe("hi");
      const sum = await client.callTool({ name: "notes_add", arguments: { a: 5 } });
      expect(sum.structuredContent).toEqual({ sum: 15 });
      const failed = await client.callTool({ name: "notes_fail" });
      expect(failed.isError).toBe(true);
      expect(textOf(failed)).toBe("the notes are locked");
    });

    it("passes the remote's progress on to the caller", async () => {
      const seen: Json[] = [];
      const result = await client.callTool(
        { name: "notes_count", arguments: { steps: 3 } },
        { onprogress: (progress) => seen.push(progress) },
      );
      expect(textOf(result)).toBe("counted 3");
      expect(seen.map((progress) => progress.progress)).toEqual([1, 2, 3]);
      expect(seen[2]).toMatchObject({ total: 3, message: "step 3" });
    });

    it("passes the caller's cancellation on to the remote", async () => {
      const before = Number(textOf(await client.callTool({ name: "notes_cancellations" })));
      const abort = new AbortController();
      const call = client.callTool({ name: "notes_hold" }, { signal: abort.signal });
      // The call is on its way once the remote holds it: wait for the first message to leave, then cancel.
      await new Promise((resolve) => setImmediate(resolve));
      abort.abort();
      await expect(call).rejects.toThrow();
      await expect
        .poll(async () => Number(textOf(await client.callTool({ name: "notes_cancellations" }))))
        .toBeGreaterThan(before);
    });

    it("reads the remote's resources and templates under the prefix", async () => {
      const { resources } = await client.listResources();
      expect(resources.map((resource) => [resource.uri, resource.name])).toEqual([
        ["notes://notes/readme", "notes_readme"],
      ]);
      const readme = await client.readResource("notes://notes/readme");
      expect(readme.contents).toEqual([{ uri: "notes://notes/readme", mimeType: "text/plain", text: "Read me." }]);
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(["notes://notes/{id}"]);
      const note = await client.readResource("notes://notes/beta");
      expect(note.contents).toMatchObject([{ uri: "notes://notes/beta", text: "note beta" }]);
    });

    it("gets the remote's prompts and completes their arguments and template variables", async () => {
      const { prompts } = await client.listPrompts();
      expect(prompts.map((prompt) => [prompt.name, prompt.arguments?.map((arg) => arg.name)])).toEqual([
        ["notes_greet", ["name"]],
      ]);
      const prompt = await client.getPrompt("notes_greet", { name: "Ada" });
      expect(prompt.messages).toEqual([{ role: "user", content: { type: "text", text: "Hello, Ada" } }]);
      const names = await client.complete({
        ref: { type: "ref/prompt", name: "notes_greet" },
        argument: { name: "name", value: "A" },
      });
      expect(names.completion.values).toEqual(["Ada", "Alan"]);
      const ids = await client.complete({
        ref: { type: "ref/resource", uri: "notes://notes/{id}" },
        argument: { name: "id", value: "g" },
      });
      expect(ids.completion.values).toEqual(["gamma"]);
    });
  });
});

describe.each(["discovery", "code"] as const)("a remote's tools in %s mode", (mode) => {
  let folder: ConfigFolder;
  let composition: Composition;
  let client: TestClient;
  beforeAll(async () => {
    folder = configFolder();
    const tools = { include: ["echo", "add"], bind: { add: { b: 10 } } };
    composition = await folder.compose({ mode, sources: { notes: { mcp: stdioRemote("v2"), tools } } });
    client = await connectClient("v2 pinned 2026-07-28", { transport: "in-memory", target: composition.model });
  }, 30_000);
  afterAll(async () => {
    await client?.close();
    await composition?.close();
    folder?.remove();
  });

  it("reaches them through the mode's tools, transforms applied", async () => {
    if (mode === "discovery") {
      const found = await client.callTool({ name: "search_operations", arguments: { query: "add" } });
      expect(JSON.stringify(found.structuredContent)).toContain("notes_add");
      const sum = await client.callTool({
        name: "call_operation",
        arguments: { name: "notes_add", arguments: { a: 1 } },
      });
      expect(sum.structuredContent).toEqual({ sum: 11 });
    } else {
      const code = "const sum = await api.notes_add({ a: 1 }); return { sum };";
      ('const sum = await api.notes_add({ a: 1 }); const echo = await api.notes_echo({ text: "hi" }); return { sum, echo };');
      const result = await client.callTool({ name: "execute", arguments: { code } });
      expect((result.structuredContent as Json).result).toMatchObject({ sum: { sum: 11 } });
    }
  });
});
