// A remote MCP server's questions to the user, through a composed server (docs/compose.md, "Input requests"):
// remotes written with the bare SDK v1 (a legacy elicitation/create request while the call runs) and v2 (a
// 2026-07-28 input_required round), over stdio and HTTP, behind `mcpsmith serve --config --http`. Each official
// client (v2 legacy, auto, pinned 2026-07-28, v1) answers the question as its own; the answer reaches the remote,
// which asked exactly once per call (a legacy remote's call is parked, never sent again).

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, type ClientKind } from "./support/clients.js";
import { type ConfigFolder, configFolder, httpRemote, stdioRemote } from "./support/remotes.js";
import { ROOT, type SpawnedHttpServer, spawnHttpServer } from "./support/servers.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");
const INFO = { name: "remote-input-test", version: "1.0.0" };
const ANSWER = { action: "accept" as const, content: { colour: "teal" } };

// biome-ignore lint/suspicious/noExplicitAny: results are read field by field, as a client would
type Json = any;
const textOf = (result: Json) => result.content[0].text as string;

/** A client of this kind that answers every question with teal; its `call` resolves to the tool's result. */
async function answeringClient(kind: ClientKind, url: URL) {
  if (kind === "v1") {
    const client = new V1Client(INFO, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, () => ANSWER);
    await client.connect(new V1StreamableHTTPClientTransport(url));
    return { call: (name: string) => client.callTool({ name }), close: () => client.close() };
  }
  const mode =
    kind === "v2 auto" ? "auto" : kind === "v2 pinned 2026-07-28" ? { pin: "2026-07-28" as const } : "legacy";
  const client = new Client(INFO, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode } });
  client.setRequestHandler("elicitation/create", () => ANSWER);
  await client.connect(new StreamableHTTPClientTransport(url));
  return { call: (name: string) => client.callTool({ name }), close: () => client.close() };
}

const REMOTES = [
  { key: "v1_stdio", sdk: "v1", transport: "stdio" },
  { key: "v2_stdio", sdk: "v2", transport: "stdio" },
  { key: "v1_http", sdk: "v1", transport: "http" },
  { key: "v2_http", sdk: "v2", transport: "http" },
] as const;

describe("a remote's questions through a composed server", () => {
  let folder: ConfigFolder;
  const remotes: SpawnedHttpServer[] = [];
  let proxy: SpawnedHttpServer;
  beforeAll(async () => {
    folder = configFolder();
    const sources: Record<string, unknown> = {};
    for (const { key, sdk, transport } of REMOTES) {
      const http = transport === "http" ? await httpRemote(sdk) : undefined;
      if (http) remotes.push(http);
      sources[key] = { mcp: http ? { url: http.url.href } : stdioRemote(sdk), tools: { include: ["ask", "asked"] } };
    }
    const config = join(folder.dir, "mcpsmith.config.json");
    writeFileSync(config, JSON.stringify({ name: "gateway", mode: "tools", sources }));
    proxy = await spawnHttpServer(BIN, ["serve", "--config", config, "--http", "0"], 30_000);
  }, 60_000);
  afterAll(async () => {
    await proxy?.close();
    for (const remote of remotes) await remote.close();
    folder?.remove();
  });

  describe.each(REMOTES)("the $sdk remote over $transport", ({ key }) => {
    it.each(CLIENTS.map((client) => client.kind))(
      "asks the %s client, and the remote gets its answer",
      async (kind) => {
        const client = await answeringClient(kind, proxy.url);
        try {
          const before = Number(textOf(await client.call(`${key}_asked`)));
          expect(textOf(await client.call(`${key}_ask`))).toBe("colour: teal");
          expect(Number(textOf(await client.call(`${key}_asked`)))).toBe(before + 1);
        } finally {
          await client.close();
        }
      },
    );
  });
});
