// A remote MCP server's questions to the user and its log messages, through a composed server (docs/compose.md,
// "Input requests"): remotes written with the bare SDK v1 (a legacy elicitation/create request while the call runs)
// and v2 (a 2026-07-28 input_required round), over stdio and HTTP, behind `mcpsmith serve --config --http`. Each
// official client (v2 legacy, auto, pinned 2026-07-28, v1) answers the question as its own; the answer reaches the
// remote, which asked exactly once per call (a legacy remote's call is parked, never sent again). Two calls to a
// legacy remote over HTTP that ask at once each get their own question. A remote's logs reach the caller of the call
// they came with, at the level that caller asked for.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client, LOG_LEVEL_META_KEY, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
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

interface LogMessage {
  level: string;
  data?: unknown;
  logger?: string;
}

/**
 * A client of this kind that answers every question with `answer` (teal unless given), after `ready` if given; its
 * `call` resolves to the tool's result, and `logs` holds the log messages it received, at `info` and above.
 */
async function answeringClient(
  kind: ClientKind,
  url: URL,
  answer: () => Promise<typeof ANSWER> | typeof ANSWER = () => ANSWER,
) {
  const logs: LogMessage[] = [];
  if (kind === "v1") {
    const client = new V1Client(INFO, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, answer);
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logs.push(notification.params);
    });
    await client.connect(new V1StreamableHTTPClientTransport(url));
    await client.setLoggingLevel("info");
    return { call: (name: string) => client.callTool({ name }), logs, close: () => client.close() };
  }
  const mode =
    kind === "v2 auto" ? "auto" : kind === "v2 pinned 2026-07-28" ? { pin: "2026-07-28" as const } : "legacy";
  const client = new Client(INFO, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode } });
  client.setRequestHandler("elicitation/create", answer);
  client.setNotificationHandler("notifications/message", (notification) => {
    logs.push(notification.params);
  });
  await client.connect(new StreamableHTTPClientTransport(url));
  // A legacy session asks once; a 2026-07-28 request carries the level it wants logs at.
  const modern = client.getProtocolEra() === "modern";
  if (!modern) await client.setLoggingLevel("info");
  const _meta = modern ? { [LOG_LEVEL_META_KEY]: "info" as const } : undefined;
  return {
    call: (name: string) => client.callTool({ name, ...(_meta && { _meta }) }),
    logs,
    close: () => client.close(),
  };
}

/** How many of the remote's calls were answered, from its `asked` tool. */
const answered = (result: Json) => Number(/(\d+) answered/.exec(textOf(result))![1]);

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
      const tools = { include: ["ask", "asked", "chatty"] };
      sources[key] = { mcp: http ? { url: http.url.href } : stdioRemote(sdk), tools };
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
          const before = answered(await client.call(`${key}_asked`));
          expect(textOf(await client.call(`${key}_ask`))).toBe("colour: teal");
          expect(answered(await client.call(`${key}_asked`))).toBe(before + 1);
        } finally {
          await client.close();
        }
      },
    );

    it.each(CLIENTS.map((client) => client.kind))(
      "passes its logs on to the %s client, at the level that client asked for",
      async (kind) => {
        const client = await answeringClient(kind, proxy.url);
        try {
          expect(textOf(await client.call(`${key}_chatty`))).toBe("chatted");
          await expect.poll(() => client.logs).toEqual([{ level: "info", data: "found 3 notes", logger: "notes" }]);
        } finally {
          await client.close();
        }
      },
    );
  });

  it("asks each of two calls to a legacy remote over HTTP that ask at once its own question", async () => {
    // Neither answers before both were asked (or a call ended without asking): both calls wait on the remote at once.
    let asked = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const answerWith = (colour: string) => async () => {
      asked += 1;
      if (asked === 2) release();
      await released;
      return { action: "accept" as const, content: { colour } };
    };
    const teal = await answeringClient("v2 pinned 2026-07-28", proxy.url, answerWith("teal"));
    const coral = await answeringClient("v1", proxy.url, answerWith("coral"));
    try {
      const before = answered(await teal.call("v1_http_asked"));
      const calls = [teal.call("v1_http_ask"), coral.call("v1_http_ask")];
      for (const call of calls) call.then(release, release);
      const results = await Promise.all(calls);
      expect(results.map(textOf)).toEqual(["colour: teal", "colour: coral"]);
      expect(answered(await teal.call("v1_http_asked"))).toBe(before + 2);
    } finally {
      await teal.close();
      await coral.close();
    }
  });
});
