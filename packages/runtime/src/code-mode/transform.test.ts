import { describe, expect, it } from "vitest";
import { server } from "../model/builder.js";
import { audio, embedded, image, resourceLink, text } from "../results/content.js";
import { ToolError } from "../results/tool-error.js";
import { createTestClient } from "../testing/index.js";
import { codeMode } from "./transform.js";

const app = server({ name: "music", version: "1.0.0" })
  .tool(
    "list_artists",
    {
      description: "List artists, by name.",
      input: { type: "object", properties: { limit: { type: "integer", minimum: 1 } } },
      readOnly: true,
    },
    (args) => ({ artists: ["AC/DC", "Accept", "Aerosmith"].slice(0, (args.limit as number | undefined) ?? 3) }),
  )
  .tool(
    "get-artist",
    {
      description: "One artist.",
      input: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
      readOnly: true,
    },
    (args) => {
      if (args.name === "nobody") throw new ToolError("No artist is named nobody");
      return { name: args.name, albums: 2 };
    },
  )
  .tool("cover", { description: "An album cover.", readOnly: true }, () => image("aGVsbG8=", "image/png"))
  .tool("sample", { description: "A track's sample, its sheet music and lyrics.", readOnly: true }, () => [
    text("Back in Black"),
    audio(new Uint8Array(1_000), "audio/mpeg"),
    embedded("music://sheets/1.pdf", new Uint8Array(2_048), { mimeType: "application/pdf" }),
    embedded("music://lyrics/1.txt", "Back in black"),
    resourceLink({ uri: "music://tracks/1", name: "Back in Black", mimeType: "audio/mpeg" }),
  ]);

async function client() {
  return createTestClient(codeMode(app), { era: "2026-07-28" });
}

describe("codeMode", () => {
  it("lists two tools", async () => {
    const c = await client();
    const { tools } = await c.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["search_api", "execute"]);
    expect(tools[1]?.description).toContain("Functions: list_artists, get-artist, cover, sample.");
  });

  it("runs code that chains calls", async () => {
    const c = await client();
    const result = await c.callTool({
      name: "execute",
      arguments: {
        code: `const { artists } = await api.list_artists({ limit: 2 });
const details: { name: string; albums: number }[] = [];
for (const name of artists) details.push(await api["get-artist"]({ name }));
console.log("found", artists.length);
return { details, cover: await api.cover({}) };`,
      },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      result: {
        details: [
          { name: "AC/DC", albums: 2 },
          { name: "Accept", albums: 2 },
        ],
        cover: { type: "image", mimeType: "image/png", size: 5 },
      },
      logs: ["found 2"],
    });
  });

  it("describes content that is not JSON (audio, binary resources, links), never handing over its bytes", async () => {
    const c = await client();
    const result = await c.callTool({ name: "execute", arguments: { code: "return await api.sample({})" } });
    expect(result.structuredContent).toEqual({
      result: [
        "Back in Black",
        { type: "audio", mimeType: "audio/mpeg", size: 1_000 },
        { type: "resource", uri: "music://sheets/1.pdf", mimeType: "application/pdf", size: 2_048 },
        { type: "resource", uri: "music://lyrics/1.txt", mimeType: "text/plain", text: "Back in black" },
        { type: "resource_link", uri: "music://tracks/1", name: "Back in Black", mimeType: "audio/mpeg" },
      ],
      logs: [],
    });
  });

  it("throws ApiError for a tool error, which code may catch", async () => {
    const c = await client();
    const result = await c.callTool({
      name: "execute",
      arguments: {
        code: `try { await api["get-artist"]({ name: "nobody" }) } catch (e) { return [e instanceof ApiError, e.name, e.tool, e.message] }`,
      },
    });
    expect(result.structuredContent).toEqual({
      result: [true, "ApiError", "get-artist", "No artist is named nobody"],
      logs: [],
    });
  });

  it("names the line of a syntax error and of a thrown error", async () => {
    const c = await client();
    const syntax = await c.callTool({ name: "execute", arguments: { code: "const a = 1;\nconst b: = 2;" } });
    expect(syntax.isError).toBe(true);
    expect((syntax.content as { text: string }[])[0]?.text).toMatch(/^SyntaxError: .*\(line 2, column 10\)$/);
    const thrown = await c.callTool({ name: "execute", arguments: { code: "const a = 1;\n\nnope();" } });
    expect((thrown.content as { text: string }[])[0]?.text).toBe("ReferenceError: nope is not defined (line 3)");
  });

  it("searches, answering how to call each function and its declarations", async () => {
    const c = await client();
    const result = await c.callTool({ name: "search_api", arguments: { query: "artist" } });
    const answer = result.structuredContent as { total: number; functions: unknown[]; declarations: string };
    expect(answer.total).toBe(2);
    expect(answer.functions).toEqual([
      { name: "list_artists", call: "await api.list_artists(args)", summary: "List artists, by name." },
      { name: "get-artist", call: 'await api["get-artist"](args)', summary: "One artist." },
    ]);
    expect(answer.declarations).toContain("  list_artists(args?: ListArtistsInput): Promise<unknown>;");
    expect(answer.declarations).toContain('  "get-artist"(args: GetArtistInput): Promise<unknown>;');
    expect(answer.declarations).toContain("interface GetArtistInput {\n  name: string;\n}");
    expect(answer.declarations).not.toContain("cover");
    const text = (result.content as { text: string }[])[0]?.text ?? "";
    expect(text.split("\n").slice(0, 4)).toEqual([
      "// 2 functions match; all here.",
      "// await api.list_artists(args): List artists, by name.",
      '// await api["get-artist"](args): One artist.',
      "",
    ]);
    expect(text).toContain(answer.declarations.trimEnd());
  });
});
