// `mcpsmith generate --config` on a config of remote MCP servers (docs/compose.md, "Remote MCP servers"): a v2
// remote the server starts over stdio, and a v1 remote over HTTP whose header comes from the environment. The project
// it writes type-checks under the strict tsconfig generated projects have, holds the variable's name and never its
// value, and its built server connects to the remotes when it starts: it lists what `mcpsmith serve` lists from the
// same config, forwards calls with the credential read then, passes a remote's resources/updated on to a subscribed
// client, and refuses to start naming the variable when it is unset. Which of a remote's tools it serves, and under
// which names, it plans from the config's transforms each time the remote is listed, as `mcpsmith serve` does: a
// tool the remote adds while serving is served (renamed as the config says), one it drops is no longer, each change
// announced to the clients of both eras; and a remote that lacks a tool it had when generating still starts.

import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, type ClientKind, connectClient, type TestClient } from "./support/clients.js";
import { type ComposedProject, composedProject } from "./support/composed-project.js";
import { filesUnder } from "./support/generated-project.js";
import { connectLive, LIVE_CLIENTS } from "./support/live-clients.js";
import { httpRemote, stdioRemote } from "./support/remotes.js";
import { ROOT, type SpawnedHttpServer } from "./support/servers.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");
const SECRET = "remote-secret-4242";
const ENV = { NOTES_SECRET: SECRET };

// biome-ignore lint/suspicious/noExplicitAny: results are read field by field, as a client would
type Json = any;
const textOf = (result: Json) => result.content[0].text as string;

let remote: SpawnedHttpServer;
let project: ComposedProject;
/** While it exists, the stdio remote starts without its tool `add`. */
let dropFile: string;
beforeAll(async () => {
  remote = await httpRemote("v1");
  project = composedProject("mcpsmith-generate-remote-");
  dropFile = join(project.dir, "drop-add");
  const local = stdioRemote("v2");
  project.write("mcpsmith.config.json", {
    name: "gateway",
    mode: "tools",
    instructions: "One gateway.",
    sources: {
      local: {
        mcp: { ...local, args: [...local.args, "--drop-file", dropFile] },
        // `extra` comes only once `grow` is called: its transforms wait for it.
        tools: {
          include: ["echo", "add", "grow", "shrink", "extra"],
          rename: { extra: "bonus" },
          bind: { add: { b: 10 } },
        },
      },
      web: {
        mcp: { url: remote.url.href, headers: { "X-Seen": { env: "NOTES_SECRET" } } },
        tools: { include: ["headers", "touch"] },
        timeout: 20_000,
      },
    },
  });
  execFileSync(process.execPath, [BIN, "generate", "--config", "mcpsmith.config.json"], {
    cwd: project.dir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...ENV },
  });
  mkdirSync(join(project.dir, "node_modules/@types"), { recursive: true });
  symlinkSync(join(ROOT, "node_modules/@types/node"), join(project.dir, "node_modules/@types/node"), "dir");
}, 60_000);
afterAll(async () => {
  await remote?.close();
  project?.remove();
});

function connect(kind: ClientKind, args: string[], env: Record<string, string> = ENV): Promise<TestClient> {
  return connectClient(kind, {
    transport: "stdio",
    command: {
      command: process.execPath,
      args,
      cwd: project.dir,
      stderr: "pipe",
      env: { ...(process.env as Record<string, string>), ...env },
    },
  });
}

describe("mcpsmith generate --config with remote MCP servers", () => {
  it("writes the remotes' connection with the variable's name, never its value", () => {
    const files = filesUnder(project.dir);
    const index = files.get("src/generated/index.ts")!;
    expect(index).toContain("openRemoteSource");
    expect(index).toContain('{ env: "NOTES_SECRET" }');
    // A remote's entry is the config's transforms, planned when it is listed; no tool list fixed at generation.
    expect(index).toContain('rename: { extra: "bonus" }');
    expect(index).not.toContain('name: "local_echo"');
    for (const [path, content] of files) expect(content, path).not.toContain(SECRET);
    expect(files.get(".env.example")).toContain("NOTES_SECRET=");
  });

  it("type-checks under tsc --strict and builds", () => {
    const tsc = spawnSync(
      process.execPath,
      [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"],
      { cwd: project.dir, encoding: "utf8" },
    );
    expect(tsc.status, `${tsc.stdout}${tsc.stderr}`).toBe(0);
  }, 120_000);

  it("lists what mcpsmith serve lists from the same config", async () => {
    const built = await connect("v2 auto", [join(project.dir, "dist/main.js")]);
    const live = await connect("v2 auto", [BIN, "serve", "--config", "mcpsmith.config.json"]);
    try {
      const tools = (await built.listTools()).tools;
      expect(tools.map((tool) => tool.name)).toEqual([
        "local_echo",
        "local_add",
        "local_grow",
        "local_shrink",
        "web_touch",
        "web_headers",
      ]);
      expect(tools).toEqual((await live.listTools()).tools);
      expect((await built.listResources()).resources).toEqual((await live.listResources()).resources);
      expect((await built.listPrompts()).prompts).toEqual((await live.listPrompts()).prompts);
    } finally {
      await built.close();
      await live.close();
    }
  }, 60_000);

  it.each(CLIENTS.map((client) => client.kind))(
    "forwards the %s client's calls to the remotes, with the credential read from the environment",
    async (kind) => {
      const built = await connect(kind, [join(project.dir, "dist/main.js")]);
      try {
        expect(textOf(await built.callTool({ name: "local_echo", arguments: { text: "hi" } }))).toBe("hi");
        expect((await built.callTool({ name: "local_add", arguments: { a: 5 } })).structuredContent).toEqual({
          sum: 15,
        });
        expect(textOf(await built.callTool({ name: "web_headers" }))).toBe(`x-seen: ${SECRET}, authorization: none`);
      } finally {
        await built.close();
      }
    },
    60_000,
  );

  it("passes a remote's resources/updated on to a subscribed client, under the prefixed URI", async () => {
    const client = new Client({ name: "subscriber", version: "1.0.0" });
    const updated: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", (notification) => {
      updated.push(notification.params.uri);
    });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(project.dir, "dist/main.js")],
        cwd: project.dir,
        env: { ...(process.env as Record<string, string>), ...ENV },
        stderr: "pipe",
      }),
    );
    try {
      await client.subscribeResource({ uri: "notes://web/readme" });
      await client.callTool({ name: "web_touch" });
      await expect.poll(() => updated).toEqual(["notes://web/readme"]);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("refuses to start without the remote's credential, naming the variable", () => {
    const env: Record<string, string> = { ...(process.env as Record<string, string>) };
    delete env.NOTES_SECRET;
    const run = spawnSync(process.execPath, [join(project.dir, "dist/main.js")], {
      cwd: project.dir,
      encoding: "utf8",
      env,
      input: "",
      timeout: 30_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("the environment variable NOTES_SECRET (for the header X-Seen) is not set");
  }, 60_000);

  it.each(LIVE_CLIENTS)(
    "serves what a remote adds and drops while serving, and tells the %s client",
    async (kind) => {
      const client = await connectLive(kind, {
        kind: "stdio",
        command: {
          command: process.execPath,
          args: [join(project.dir, "dist/main.js")],
          cwd: project.dir,
          stderr: "pipe",
          env: { ...(process.env as Record<string, string>), ...ENV },
        },
      });
      const changes = () => client.notifications.filter((method) => method === "notifications/tools/list_changed");
      try {
        await client.watch([]);
        expect(await client.toolNames()).not.toContain("local_bonus");
        await client.call("local_grow", {});
        await expect.poll(() => changes().length, { timeout: 20_000 }).toBeGreaterThan(0);
        expect(await client.toolNames()).toEqual([
          "local_echo",
          "local_add",
          "local_grow",
          "local_shrink",
          "local_bonus",
          "web_touch",
          "web_headers",
        ]);
        expect(await client.call("local_bonus", {})).toBe("extra");

        const before = changes().length;
        await client.call("local_shrink", {});
        await expect.poll(() => changes().length, { timeout: 20_000 }).toBeGreaterThan(before);
        expect(await client.toolNames()).toEqual([
          "local_echo",
          "local_grow",
          "local_shrink",
          "local_bonus",
          "web_touch",
          "web_headers",
        ]);
        expect(await client.call("local_echo", { text: "still here" })).toBe("still here");
      } finally {
        await client.close();
      }
    },
    60_000,
  );

  it("starts when a remote lacks a tool it had when generating, serving the rest and saying what waits", async () => {
    writeFileSync(dropFile, "");
    const built = await connect("v2 auto", [join(project.dir, "dist/main.js")]);
    try {
      expect((await built.listTools()).tools.map((tool) => tool.name)).toEqual([
        "local_echo",
        "local_grow",
        "local_shrink",
        "web_touch",
        "web_headers",
      ]);
      expect(textOf(await built.callTool({ name: "local_echo", arguments: { text: "hi" } }))).toBe("hi");
      await expect
        .poll(() => built.stderr(), { timeout: 20_000 })
        .toContain('sources.local.tools.bind.add: source "local" has no tool "add" now');
    } finally {
      await built.close();
      rmSync(dropFile, { force: true });
    }
  }, 60_000);
});
