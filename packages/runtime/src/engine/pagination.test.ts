import { ProtocolError } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { server } from "../index.js";
import { createTestClient } from "../testing/index.js";
import { DEFAULT_PAGE_SIZE, pageOf } from "./pagination.js";

const key = (name: string) => name;
const letters = ["a", "b", "c", "d", "e", "f", "g"];

/** Every page of a list, following cursors from the start. */
function walk(list: readonly string[], pageSize: number): { pages: (readonly string[])[]; cursors: string[] } {
  const pages: (readonly string[])[] = [];
  const cursors: string[] = [];
  let cursor: string | undefined;
  do {
    const page = pageOf(list, key, cursor, pageSize);
    pages.push(page.items);
    cursor = page.nextCursor;
    if (cursor !== undefined) cursors.push(cursor);
  } while (cursor !== undefined);
  return { pages, cursors };
}

function refusal(call: () => unknown): ProtocolError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolError);
    return error as ProtocolError;
  }
  throw new Error("expected the cursor to be refused");
}

describe("pageOf", () => {
  it("sends a list that fits in one page whole, with no cursor (the same array, nothing copied)", () => {
    const page = pageOf(letters, key, undefined, 7);
    expect(page.items).toBe(letters);
    expect(page).not.toHaveProperty("nextCursor");
  });

  it("walks a longer list page by page, in order, to its end", () => {
    const { pages } = walk(letters, 3);
    expect(pages).toEqual([["a", "b", "c"], ["d", "e", "f"], ["g"]]);
  });

  it("gives the same cursors for the same list every time (deterministic, and the same in every replica)", () => {
    expect(walk(letters, 3).cursors).toEqual(walk([...letters], 3).cursors);
  });

  it("keeps cursors opaque: no offset or name in plain sight", () => {
    const [cursor] = walk(letters, 3).cursors;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain("3");
  });

  it.each([
    ["not base64 of anything we issue", "%%%"],
    ["empty", ""],
    ["no version", Buffer.from(":3").toString("base64url")],
    ["offset 0", Buffer.from("abc:0").toString("base64url")],
    ["negative offset", Buffer.from("abc:-3").toString("base64url")],
  ])("refuses a cursor that is %s with -32602", (_what, cursor) => {
    expect(refusal(() => pageOf(letters, key, cursor, 3)).code).toBe(-32602);
  });

  it("refuses a forged cursor whose offset is past the end of the list", () => {
    const [cursor] = walk(letters, 3).cursors;
    const version = Buffer.from(cursor!, "base64url").toString().split(":")[0];
    const forged = Buffer.from(`${version}:${letters.length}`).toString("base64url");
    const error = refusal(() => pageOf(letters, key, forged, 3));
    expect(error.code).toBe(-32602);
    expect(error.message).toBe("Invalid cursor");
  });

  it("refuses another spelling of a cursor it issued (base64url decoding skips foreign characters)", () => {
    const [cursor] = walk(letters, 3).cursors;
    expect(pageOf(letters, key, cursor, 3).items).toEqual(["d", "e", "f"]);
    for (const spelling of [`${cursor}!`, `${cursor}==`, `.${cursor}`, ` ${cursor}`]) {
      expect(Buffer.from(spelling, "base64url").toString()).toBe(Buffer.from(cursor!, "base64url").toString());
      const error = refusal(() => pageOf(letters, key, spelling, 3));
      expect(error.code).toBe(-32602);
      expect(error.message).toBe("Invalid cursor");
    }
  });

  it("refuses a cursor issued before the list changed, saying it is stale", () => {
    const [cursor] = walk(letters, 3).cursors;
    const error = refusal(() => pageOf([...letters, "h"], key, cursor, 3));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/Stale cursor/);
  });

  it("accepts an old cursor for a new list with the same entries in the same places", () => {
    const [cursor] = walk(letters, 3).cursors;
    expect(pageOf([...letters], key, cursor, 3).items).toEqual(["d", "e", "f"]);
  });

  it("defaults to pages of 500", () => {
    expect(DEFAULT_PAGE_SIZE).toBe(500);
  });
});

describe("pagination on the wire", () => {
  const app = (count: number, pageSize?: number) => {
    const builder = server({
      name: "many",
      version: "1.0.0",
      ...(pageSize !== undefined && { options: { pageSize } }),
    });
    for (let i = 0; i < count; i++) {
      builder
        .tool(`tool_${i}`, { description: `Tool ${i}` }, () => i)
        .resource(`many://r/${i}`, {}, () => `${i}`)
        .resource(`many://t${i}/{id}`, {}, ({ id }) => id)
        .prompt(`prompt_${i}`, { description: `Prompt ${i}` }, () => `${i}`);
    }
    return builder;
  };

  it.each(["legacy", "2026-07-28"] as const)("pages every list by options.pageSize (%s)", async (era) => {
    const client = await createTestClient(app(5, 2), { era });
    try {
      const first = await client.request({ method: "tools/list", params: {} });
      expect(first.tools.map((t) => t.name)).toEqual(["tool_0", "tool_1"]);
      expect(first.nextCursor).toBeDefined();
      // The client's list calls follow nextCursor to the end.
      expect((await client.listTools()).tools).toHaveLength(5);
      expect((await client.listResources()).resources).toHaveLength(5);
      expect((await client.listResourceTemplates()).resourceTemplates).toHaveLength(5);
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(
        [0, 1, 2, 3, 4].map((i) => `prompt_${i}`),
      );
      const bad = client.request({ method: "prompts/list", params: { cursor: "bogus" } });
      await expect(bad).rejects.toMatchObject({ code: -32602 });
    } finally {
      await client.close();
    }
  });

  it("carries the list's cache hint on every page (2026-07-28)", async () => {
    const client = await createTestClient(app(3, 2), { era: "2026-07-28" });
    try {
      const first = await client.request({ method: "tools/list", params: {} });
      const second = await client.request({ method: "tools/list", params: { cursor: first.nextCursor } });
      for (const page of [first, second]) expect(page).toMatchObject({ ttlMs: 60_000, cacheScope: "public" });
      expect(second).not.toHaveProperty("nextCursor");
    } finally {
      await client.close();
    }
  });

  it("sends up to 500 entries in one page by default", async () => {
    const client = await createTestClient(app(501), { era: "legacy" });
    try {
      const first = await client.request({ method: "tools/list", params: {} });
      expect(first.tools).toHaveLength(500);
      const rest = await client.request({ method: "tools/list", params: { cursor: first.nextCursor } });
      expect(rest.tools.map((t) => t.name)).toEqual(["tool_500"]);
    } finally {
      await client.close();
    }
  });

  it("refuses a page size that is not a whole number above zero, at start-up", async () => {
    await expect(createTestClient(app(1, 0))).rejects.toThrow("options.pageSize must be a whole number of entries > 0");
  });
});
