// `@mcpsmith/runtime/lean` (packages/runtime/src/lean.ts): an entry that does not import the SDK (and so zod), which
// `serve()` loads once the model is compiled (packages/runtime/src/sdk.ts). bundle.mjs checks the static graph at
// build time; this checks the built entry at run time: what a program loads through it, and a server on it serving
// every kind of member with the official clients over stdio (a model compiled before the SDK was loaded).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, ClientMatrix, connectClient } from "./support/clients.js";
import { stdioCommand } from "./support/servers.js";
import { StdioPeer } from "./support/stdio-peer.js";

const LEAN_SERVER = fileURLToPath(new URL("./fixtures/lean-server.mjs", import.meta.url));
const FIRST_ANSWER_PROBE = fileURLToPath(new URL("./fixtures/first-answer-probe.mjs", import.meta.url));

// Every module URL the program resolves, printed by a resolve hook on the hooks thread once the program has run.
const RECORDING_HOOK = `
let resolved = [];
export async function initialize({ port }) {
  port.on("message", () => port.postMessage(resolved));
}
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  resolved.push(result.url);
  return result;
}`;

function modulesLoadedBy(script: string, args: readonly string[]): string[] {
  const program = `
import { register } from "node:module";
import { MessageChannel } from "node:worker_threads";
const { port1, port2 } = new MessageChannel();
register("data:text/javascript,${encodeURIComponent(RECORDING_HOOK)}", { data: { port: port2 }, transferList: [port2] });
process.argv.splice(1, process.argv.length, ${JSON.stringify(script)}, ...${JSON.stringify(args)});
await import(${JSON.stringify(new URL(`file://${script}`).href)});
port1.postMessage("done");
port1.once("message", (resolved) => { process.stdout.write(JSON.stringify(resolved)); port1.close(); });`;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", program], { encoding: "utf8" }));
}

describe("@mcpsmith/runtime/lean", () => {
  it("loads neither the SDK nor zod to build a model", () => {
    const loaded = modulesLoadedBy(LEAN_SERVER, ["--model-only"]);
    expect(loaded.some((url) => url.endsWith("/packages/runtime/dist/lean.js"))).toBe(true);
    expect(loaded.filter((url) => /@modelcontextprotocol|\/zod\//.test(url))).toEqual([]);
  });

  const MODERN_META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": { name: "gate", version: "1.0.0" },
  };
  it.each([
    ["2026-07-28", [{ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: MODERN_META } }]],
    [
      "2025-11-25",
      [
        {
          jsonrpc: "2.0",
          id: 0,
          method: "initialize",
          params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "gate", version: "1.0.0" } },
        },
        { jsonrpc: "2.0", method: "notifications/initialized" },
        { jsonrpc: "2.0", id: 1, method: "tools/list" },
      ],
    ],
  ])(
    "answers a %s host's opening through its stdio front, before the SDK (and zod) is loaded",
    async (_era, opening) => {
      const dir = mkdtempSync(join(tmpdir(), "mcpsmith-first-answer-"));
      const report = join(dir, "report.json");
      const peer = new StdioPeer(LEAN_SERVER, [], 10_000, {
        NODE_OPTIONS: `--import=${pathToFileURL(FIRST_ANSWER_PROBE).href}`,
        FIRST_ANSWER_REPORT: report,
      });
      try {
        for (const message of opening) peer.write(JSON.stringify(message));
        const answer = (await peer.next(0, (line) => (line as { id?: unknown }).id === 1)) as { result?: unknown };
        expect(answer.result).toMatchObject({ tools: [{ name: "measure" }] });
        expect(JSON.parse(readFileSync(report, "utf8"))).toEqual({ zodLoaded: false });
        // The next request is the SDK's: the front hands the connection over, and it is served.
        const meta = opening.length === 1 ? { _meta: MODERN_META } : {};
        peer.write(
          JSON.stringify({
            jsonrpc: "2.0",
            id: 2,
            method: "tools/call",
            params: { name: "measure", arguments: { text: "abc" }, ...meta },
          }),
        );
        const call = (await peer.next(0, (line) => (line as { id?: unknown }).id === 2)) as { result?: unknown };
        expect(call.result).toMatchObject({ structuredContent: { length: 3 } });
      } finally {
        await peer.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it("changes its model before any connection, when no one listens for the change and the SDK is not loaded", async () => {
    const peer = new StdioPeer(LEAN_SERVER, ["--changing"]);
    try {
      peer.write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: MODERN_META } }));
      const answer = (await peer.next(0, (line) => (line as { id?: unknown }).id === 1)) as {
        result?: { tools?: { name: string }[] };
      };
      expect(answer.result?.tools?.map((tool) => tool.name)).toEqual(["measure", "added"]);
    } finally {
      await peer.close();
    }
  });

  describe.each(CLIENTS.map((spec) => [spec.kind]))("served over stdio, to the %s client", (kind) => {
    const clients = new ClientMatrix();
    beforeAll(() => {
      clients.connectAll((kind) => connectClient(kind, { transport: "stdio", command: stdioCommand(LEAN_SERVER) }));
    });
    afterAll(() => clients.closeAll());

    it("answers every kind of member", async () => {
      const client = await clients.client(kind);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["measure"]);
      const call = await client.callTool({ name: "measure", arguments: { text: "four" } });
      expect(call.structuredContent).toEqual({ length: 4 });
      expect((await client.readResource("notes://readme")).contents).toMatchObject([{ text: "read me" }]);
      expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual([
        "notes://{name}",
      ]);
      expect((await client.readResource("notes://alpha")).contents).toMatchObject([{ text: "note alpha" }]);
      const completion = await client.complete({
        ref: { type: "ref/resource", uri: "notes://{name}" },
        argument: { name: "name", value: "" },
      });
      expect(completion.completion.values).toEqual(["alpha", "beta"]);
      const prompt = await client.getPrompt("greet", { who: "Ada" });
      expect(prompt.messages).toMatchObject([{ content: { text: "Say hello to Ada" } }]);
    });
  });
});
