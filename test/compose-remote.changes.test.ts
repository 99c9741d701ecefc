// Remote MCP servers that change and fail while a composed server serves them (docs/compose.md, "Remote MCP
// servers"): `mcpsmith serve --config` (the built CLI over HTTP) in front of a v2 remote over stdio and a v1 remote
// over HTTP. A remote's tool list grows, or shrinks: the proxy lists it again and announces it to its own clients. A
// remote whose tools lack one its transforms name starts all the same (they wait for it). A remote
// dies mid-call: that call is an isError naming it, the other source keeps serving, and the proxy starts it again.
// A remote that cannot start stops start-up naming it, unless it is optional.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, connectClient, type TestClient } from "./support/clients.js";
import { type ConfigFolder, configFolder, httpRemote, stdioRemote } from "./support/remotes.js";
import { ROOT, type SpawnedHttpServer, spawnHttpServer } from "./support/servers.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");

// biome-ignore lint/suspicious/noExplicitAny: results are read field by field, as a client would
type Json = any;
const textOf = (result: Json) => result.content[0].text as string;
const names = async (client: TestClient) => (await client.listTools()).tools.map((tool) => tool.name);

describe("a composed server in front of remotes that change and fail", () => {
  let folder: ConfigFolder;
  let remote: SpawnedHttpServer;
  let proxy: SpawnedHttpServer;
  let instructions: string;
  const clients = new Map<string, TestClient>();
  beforeAll(async () => {
    folder = configFolder();
    remote = await httpRemote("v1");
    const config = join(folder.dir, "mcpsmith.config.json");
    instructions = join(folder.dir, "local-instructions.txt");
    writeFileSync(instructions, "Notes are read-only.");
    const local = stdioRemote("v2");
    const sources = {
      local: {
        mcp: { ...local, args: [...local.args, "--instructions-file", instructions] },
        tools: { exclude: ["hold"] },
      },
      web: { mcp: { url: remote.url.href }, tools: { exclude: ["hold", "die"] } },
      own: {
        mcp: { url: remote.url.href, forwardHeaders: { "X-Seen": "X-Upstream-Notes" } },
        tools: { include: ["headers"] },
      },
    };
    writeFileSync(config, JSON.stringify({ name: "gateway", mode: "tools", sources }));
    proxy = await spawnHttpServer(BIN, ["serve", "--config", config, "--http", "0"], 30_000);
    for (const { kind } of CLIENTS) clients.set(kind, await connectClient(kind, { transport: "http", url: proxy.url }));
  }, 60_000);
  afterAll(async () => {
    for (const client of clients.values()) await client.close();
    await proxy?.close();
    await remote?.close();
    folder?.remove();
  });

  it.each([
    ["local", "a v2 remote over stdio"],
    ["web", "a v1 remote over HTTP"],
  ])("lists %s (%s) again when its tools change, and tells the clients", async (key) => {
    const legacy = clients.get("v2 legacy")!;
    expect(await names(legacy)).not.toContain(`${key}_extra`);
    await legacy.callTool({ name: `${key}_grow` });
    await expect.poll(() => names(legacy)).toContain(`${key}_extra`);
    await expect
      .poll(() => legacy.received.some((message: Json) => message.method === "notifications/tools/list_changed"))
      .toBe(true);
    // Clients of the legacy era hear of it on their session; a 2026-07-28 client keeps the list it cached until it
    // listens (subscriptions/listen) or lists anew, which a new connection does.
    for (const { kind, era } of CLIENTS) {
      const client =
        era === "legacy" ? clients.get(kind)! : await connectClient(kind, { transport: "http", url: proxy.url });
      try {
        expect(await names(client)).toContain(`${key}_extra`);
        expect(textOf(await client.callTool({ name: `${key}_extra` }))).toBe("extra");
      } finally {
        if (era !== "legacy") await client.close();
      }
    }
  });

  it("stops serving a tool the remote drops, and tells the clients", async () => {
    const legacy = clients.get("v2 legacy")!;
    expect(await names(legacy)).toContain("local_add");
    const before = legacy.received.filter((message: Json) => message.method === "notifications/tools/list_changed");
    await legacy.callTool({ name: "local_shrink" });
    await expect.poll(() => names(legacy)).not.toContain("local_add");
    expect(
      legacy.received.filter((message: Json) => message.method === "notifications/tools/list_changed").length,
    ).toBeGreaterThan(before.length);
    for (const { kind, era } of CLIENTS) {
      const client =
        era === "legacy" ? clients.get(kind)! : await connectClient(kind, { transport: "http", url: proxy.url });
      try {
        expect(await names(client)).not.toContain("local_add");
        expect(await names(client)).toContain("local_echo");
      } finally {
        if (era !== "legacy") await client.close();
      }
    }
  });

  it("passes a remote's resources/updated on to the clients subscribed to it, under the prefixed URI", async () => {
    const client = new Client({ name: "subscriber", version: "1.0.0" });
    const updated: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", (notification) => {
      updated.push(notification.params.uri);
    });
    await client.connect(new StreamableHTTPClientTransport(proxy.url));
    try {
      await client.subscribeResource({ uri: "notes://web/readme" });
      await client.callTool({ name: "web_touch" });
      await expect.poll(() => updated).toEqual(["notes://web/readme"]);
    } finally {
      await client.close();
    }
  });

  it("forwards the caller's own credential from the header the config names, never its MCP Authorization", async () => {
    const headers = { "X-Upstream-Notes": "caller-secret", Authorization: "Bearer the-mcp-token" };
    const caller = await connectClient("v2 pinned 2026-07-28", { transport: "http", url: proxy.url, headers });
    try {
      expect(textOf(await caller.callTool({ name: "own_headers" }))).toBe("x-seen: caller-secret, authorization: none");
    } finally {
      await caller.close();
    }
    const without = await clients.get("v1")!.callTool({ name: "own_headers" });
    expect(without.isError).toBe(true);
    expect(textOf(without)).toMatch(
      /remote server "own" is called with your own credential, from the X-Upstream-Notes header/,
    );
  });

  it("gives an isError naming a remote that dies mid-call, serves the others, and starts it again", async () => {
    for (const client of clients.values()) {
      const result = await client.callTool({ name: "local_die" });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/remote server "local"/);
      expect(textOf(await client.callTool({ name: "web_echo", arguments: { text: "still here" } }))).toBe("still here");
      await expect
        .poll(async () => textOf(await client.callTool({ name: "local_echo", arguments: { text: "back" } })), {
          timeout: 20_000,
        })
        .toBe("back");
    }
  }, 120_000);

  it("merges a remote's instructions again when it comes back with other ones, for connections made then", async () => {
    /** The instructions a new connection of this client kind is given. */
    const instructionsOf = async (kind: string) => {
      if (kind === "v1") {
        const client = new V1Client({ name: "reader", version: "1.0.0" });
        await client.connect(new V1StreamableHTTPClientTransport(proxy.url));
        try {
          return client.getInstructions();
        } finally {
          await client.close();
        }
      }
      const mode = kind === "v2 legacy" ? "legacy" : kind === "v2 auto" ? "auto" : { pin: "2026-07-28" as const };
      const client = new Client({ name: "reader", version: "1.0.0" }, { versionNegotiation: { mode } });
      await client.connect(new StreamableHTTPClientTransport(proxy.url));
      try {
        return client.getInstructions();
      } finally {
        await client.close();
      }
    };
    const before = "From local (its tools are named local_*): Notes are read-only.";
    for (const { kind } of CLIENTS) expect(await instructionsOf(kind)).toContain(before);
    const session = clients.get("v2 legacy")!;
    writeFileSync(instructions, "Notes may be written.");
    expect((await session.callTool({ name: "local_die" })).isError).toBe(true);
    const after = "From local (its tools are named local_*): Notes may be written.";
    await expect.poll(() => instructionsOf("v2 legacy"), { timeout: 20_000 }).toContain(after);
    for (const { kind } of CLIENTS) {
      const told = await instructionsOf(kind);
      expect(told).toContain(after);
      expect(told).not.toContain(before);
      expect(told).toContain("From web (its tools are named web_*): Notes are read-only.");
    }
  }, 120_000);
});

describe("a remote that cannot start", () => {
  let folder: ConfigFolder;
  beforeAll(() => {
    folder = configFolder();
  });
  afterAll(() => folder?.remove());

  const missing = { command: process.execPath, args: [join(ROOT, "test/fixtures/remotes/no-such-server.mjs")] };

  it("stops start-up naming it", async () => {
    await expect(folder.compose({ sources: { files: { mcp: missing } } })).rejects.toThrow(
      /source "files" \(mcp\) could not be loaded: the remote server "files" \(.*no-such-server\.mjs\) could not be started/,
    );
  });

  it("starts all the same when its transforms name a tool it does not have yet, serving the rest", async () => {
    const warnings: string[] = [];
    const composition = await folder.compose(
      {
        sources: {
          notes: { mcp: stdioRemote("v2"), tools: { include: ["echo", "extra"], rename: { extra: "bonus" } } },
        },
      },
      (warning) => warnings.push(warning),
    );
    try {
      expect(composition.model.tools.map((tool) => tool.name)).toEqual(["notes_echo"]);
      expect(warnings).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^sources\.notes\.tools\.include\[1\]: "extra" matches no tool of source "notes" now \(its tools: echo, add, .*\); it applies once the source has one$/,
          ),
          expect.stringMatching(/^sources\.notes\.tools\.rename\.extra: source "notes" has no tool "extra" now/),
        ]),
      );
    } finally {
      await composition.close();
    }
  });

  it("is left out with a warning when it is optional, the others served", async () => {
    const composition = await folder.compose({
      sources: {
        files: { mcp: missing, optional: true },
        notes: { mcp: stdioRemote("v2"), tools: { include: ["echo"] } },
      },
    });
    try {
      expect(composition.skipped.map(({ key }) => key)).toEqual(["files"]);
      expect(composition.model.tools.map((tool) => tool.name)).toEqual(["notes_echo"]);
    } finally {
      await composition.close();
    }
  });
});
