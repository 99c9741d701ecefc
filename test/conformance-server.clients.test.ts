// examples/conformance-server over stdio, driven by the official clients hosts ship — the v2 client in each of its
// negotiation modes and the v1 client — and by the MCP Inspector CLI in both protocol eras. The conformance suite
// itself only speaks HTTP (test/conformance.test.ts); this is the same server on the other transport.

import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CLIENTS, ClientMatrix, connectClient, type TestClient } from "./support/clients.js";
import { INSPECTOR_PACKAGE, npx, removeTempDirs, tempDir } from "./support/npx.js";
import { CONFORMANCE_MAIN, ROOT, stdioCommand } from "./support/servers.js";

const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

/** A sample of the names the suite calls; tools/list must carry every one of them. */
const SOME_TOOLS = [
  "test_simple_text",
  "test_image_content",
  "test_audio_content",
  "test_embedded_resource",
  "test_multiple_content_types",
  "test_error_handling",
  "test_tool_with_progress",
  "test_tool_with_logging",
  "json_schema_2020_12_tool",
];

describe("examples/conformance-server over stdio", () => {
  const clients = new ClientMatrix();

  beforeAll(() => {
    clients.connectAll((kind) =>
      connectClient(kind, { transport: "stdio", command: stdioCommand(CONFORMANCE_MAIN, ["--stdio"]) }),
    );
  });
  afterAll(async () => {
    await clients.closeAll();
  });

  describe.each(CLIENTS)("with the $kind client", (spec) => {
    let client: TestClient;
    beforeAll(async () => {
      client = await clients.client(spec.kind);
    });
    beforeEach(({ onTestFailed }) => {
      onTestFailed(() => {
        const log = client?.stderr() ?? "";
        if (log.trim()) console.error(`--- server stderr (${spec.kind}) ---\n${log}`);
      });
    });

    it(`negotiates ${spec.protocolVersion}`, () => {
      expect(client.era()).toBe(spec.era);
      expect(client.protocolVersion()).toBe(spec.protocolVersion);
    });

    it("lists the suite's tools, resources and prompts", async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(SOME_TOOLS));
      const schema = tools.find((tool) => tool.name === "json_schema_2020_12_tool")!.inputSchema;
      expect(schema).toMatchObject({ $defs: { address: { $anchor: "addressDef" } }, additionalProperties: false });

      const { resources } = await client.listResources();
      expect(resources.map((resource) => resource.uri)).toEqual(
        expect.arrayContaining(["test://static-text", "test://static-binary", "test://watched-resource"]),
      );
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((template) => template.uriTemplate)).toContain("test://template/{id}/data");
      const { prompts } = await client.listPrompts();
      expect(prompts.map((prompt) => prompt.name)).toEqual(
        expect.arrayContaining(["test_simple_prompt", "test_prompt_with_arguments", "test_prompt_with_image"]),
      );
    });

    it("calls tools: text, image, mixed content, an error", async () => {
      const simple = await client.callTool({ name: "test_simple_text", arguments: {} });
      expect(simple.content).toEqual([{ type: "text", text: "This is a simple text response for testing." }]);

      const picture = await client.callTool({ name: "test_image_content", arguments: {} });
      expect(picture.content).toEqual([{ type: "image", data: PNG_BASE64, mimeType: "image/png" }]);

      const mixed = await client.callTool({ name: "test_multiple_content_types", arguments: {} });
      expect(mixed.content.map((block) => block.type)).toEqual(["text", "image", "resource"]);
      expect(mixed.content[2]).toMatchObject({
        resource: {
          uri: "test://mixed-content-resource",
          mimeType: "application/json",
          text: '{"test":"data","value":123}',
        },
      });

      const failed = await client.callTool({ name: "test_error_handling", arguments: {} });
      expect(failed.isError).toBe(true);
      expect(failed.content).toEqual([{ type: "text", text: "This tool intentionally returns an error for testing" }]);
    });

    it("reports progress when the call asks for it", async () => {
      const from = client.received.length;
      const steps: number[] = [];
      const result = await client.callTool(
        { name: "test_tool_with_progress", arguments: {} },
        { onprogress: (progress) => steps.push(progress.progress) },
      );
      expect(result.isError).toBeFalsy();
      type Message = { method?: string; result?: unknown; params?: { progress?: number; total?: number } };
      const wire = client.received.slice(from) as Message[];
      const sent = wire
        .slice(
          0,
          wire.findIndex((message) => message.result !== undefined),
        )
        .filter((message) => message.method === "notifications/progress")
        .map((message) => [message.params?.progress, message.params?.total]);
      expect(sent).toEqual([
        [0, 100],
        [50, 100],
        [100, 100],
      ]);
      // Over stdio both official clients may drop the notification that arrives in the same read as the result
      // (typescript-sdk#2580, see hello.protocol.test.ts); what they deliver is a prefix of what was sent.
      expect(steps).toEqual([0, 50, 100].slice(0, steps.length));
    });

    it("reads resources and gets prompts", async () => {
      const binary = await client.readResource("test://static-binary");
      expect(binary.contents).toEqual([{ uri: "test://static-binary", mimeType: "image/png", blob: PNG_BASE64 }]);
      const templated = await client.readResource("test://template/123/data");
      expect(JSON.parse((templated.contents[0] as { text: string }).text)).toEqual({
        id: "123",
        templateTest: true,
        data: "Data for ID: 123",
      });

      const prompt = await client.getPrompt("test_prompt_with_arguments", { arg1: "hello", arg2: "world" });
      expect(prompt.messages).toEqual([
        { role: "user", content: { type: "text", text: "Prompt with arguments: arg1='hello', arg2='world'" } },
      ]);
      const completion = await client.complete({
        ref: { type: "ref/prompt", name: "test_prompt_with_arguments" },
        argument: { name: "arg1", value: "par" },
      });
      expect(completion.completion.values).toEqual(["paris", "park", "party"]);
    });
  });
});

describe("examples/conformance-server over stdio: input requests answered by the official clients", () => {
  const ALL = { elicitation: {}, sampling: {}, roots: {} };
  const opened: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.allSettled(opened.map((client) => client.close()));
  });

  /** A v2 client that answers elicitation, sampling and roots requests, and counts what it was asked. */
  async function answeringV2(mode: "legacy" | "2026-07-28") {
    const client = new Client(
      { name: "mcpsmith-conformance-test", version: "1.0.0" },
      { capabilities: ALL, ...(mode === "2026-07-28" && { versionNegotiation: { mode: { pin: mode } } }) },
    );
    const asked: string[] = [];
    client.setRequestHandler("elicitation/create", (request) => {
      asked.push(`elicit: ${request.params.message}`);
      return { action: "accept", content: { name: "Ada" } };
    });
    client.setRequestHandler("sampling/createMessage", () => {
      asked.push("sample");
      return { model: "test-model", role: "assistant", content: { type: "text", text: "Hello" } };
    });
    client.setRequestHandler("roots/list", () => {
      asked.push("roots");
      return { roots: [{ uri: "file:///work", name: "work" }] };
    });
    await client.connect(new StdioClientTransport(stdioCommand(CONFORMANCE_MAIN, ["--stdio"])));
    opened.push(client);
    return { client, asked };
  }

  // One handler, both eras: on 2025-11-25 its ctx.elicit/sample/listRoots are real server->client requests on
  // the stdio connection; on 2026-07-28 they are one input_required round the client fulfils and re-sends.
  it.each(["legacy", "2026-07-28"] as const)("v2 client (%s): three input kinds in one call", async (mode) => {
    const { client, asked } = await answeringV2(mode);
    expect(client.getProtocolEra()).toBe(mode === "legacy" ? "legacy" : "modern");
    const result = await client.callTool({ name: "test_input_required_result_multiple_inputs", arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([{ type: "text", text: "Hello Ada — 1 root(s) visible" }]);
    expect(asked.toSorted()).toEqual(["elicit: What is your name?", "roots", "sample"]);
  });

  it("v2 client (2026-07-28): a prompt that asks before it renders", async () => {
    const { client } = await answeringV2("2026-07-28");
    client.setRequestHandler("elicitation/create", () => ({ action: "accept", content: { context: "tests" } }));
    const prompt = await client.getPrompt({ name: "test_input_required_result_prompt" });
    expect(prompt.messages).toEqual([
      { role: "user", content: { type: "text", text: "Use the following context: tests" } },
    ]);
  });

  it("v1 client: test_elicitation is a real elicitation/create request", async () => {
    const client = new V1Client({ name: "mcpsmith-conformance-test", version: "1.0.0" }, { capabilities: ALL });
    const messages: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      messages.push(request.params.message);
      return { action: "accept", content: { response: "yes" } };
    });
    await client.connect(new V1StdioClientTransport(stdioCommand(CONFORMANCE_MAIN, ["--stdio"])));
    opened.push(client);
    const result = await client.callTool({ name: "test_elicitation", arguments: { message: "Proceed?" } });
    expect(messages).toEqual(["Proceed?"]);
    expect(result.content).toEqual([
      { type: "text", text: 'User response: action=accept, content={"response":"yes"}' },
    ]);
  });
});

describe("the MCP Inspector CLI against examples/conformance-server over stdio", () => {
  // The Inspector keeps its catalog and state under $HOME/.mcp-inspector: give it a home of its own.
  let home: string;
  beforeAll(() => {
    home = tempDir("mcpsmith-inspector-home-");
  });
  afterAll(() => removeTempDirs());

  async function inspector(era: "modern" | "legacy", method: string[]): Promise<Record<string, unknown>> {
    const run = await npx(
      [INSPECTOR_PACKAGE],
      [
        "mcp-inspector",
        "--cli",
        "--protocol-era",
        era,
        "--format",
        "json",
        ...method,
        "--cwd",
        ROOT,
        process.execPath,
        CONFORMANCE_MAIN,
        "--stdio",
      ],
      { env: { HOME: home } },
    );
    const context = `inspector ${era} ${method.join(" ")} exited ${run.code ?? run.signal}\n${run.stdout}\n${run.stderr.slice(-3_000)}`;
    expect(run.code, context).toBe(0);
    return JSON.parse(run.stdout) as Record<string, unknown>;
  }

  it.each(["modern", "legacy"] as const)(
    "--protocol-era %s lists and calls the tools",
    async (era) => {
      const listed = (await inspector(era, ["--method", "tools/list"])).result as { tools: { name: string }[] };
      expect(listed.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(SOME_TOOLS));

      const called = (await inspector(era, ["--method", "tools/call", "--tool-name", "test_simple_text"])).result as {
        content: unknown[];
        _meta?: Record<string, unknown>;
      };
      expect(called.content).toEqual([{ type: "text", text: "This is a simple text response for testing." }]);
      // Only a 2026-07-28 result names the server in its _meta: the proof that each era was really spoken.
      const serverInfo = called._meta?.["io.modelcontextprotocol/serverInfo"];
      if (era === "modern") expect(serverInfo).toEqual({ name: "mcpsmith-conformance-server", version: "1.0.0" });
      else expect(serverInfo).toBeUndefined();

      const image = (
        await inspector(era, ["--method", "tools/call", "--tool-name", "test_image_content", "--tool-args-json", "{}"])
      ).result as { content: unknown[] };
      expect(image.content).toEqual([{ type: "image", data: PNG_BASE64, mimeType: "image/png" }]);
    },
    10 * 60_000,
  );
});
