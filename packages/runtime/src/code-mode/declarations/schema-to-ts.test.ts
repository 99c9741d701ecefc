import { describe, expect, it } from "vitest";
import { ApiDeclarations } from "./api-file.js";
import { type RefScope, typeText } from "./schema-to-ts.js";

const none: RefScope = { resolve: () => undefined };
const type = (schema: unknown) => typeText(schema, none);

describe("typeText", () => {
  it("maps JSON Schema types to TypeScript", () => {
    expect(type({ type: "string" })).toBe("string");
    expect(type({ type: "integer" })).toBe("number");
    expect(type({ type: ["string", "null"] })).toBe("string | null");
    expect(type({ type: "string", nullable: true })).toBe("string | null");
    expect(type({ enum: ["a", "b", 1, null] })).toBe('"a" | "b" | 1 | null');
    expect(type({ const: "x" })).toBe('"x"');
    expect(type({})).toBe("unknown");
    expect(type(true)).toBe("unknown");
    expect(type(false)).toBe("never");
  });

  it("writes arrays, tuples and records, parenthesised where needed", () => {
    expect(type({ type: "array", items: { type: ["string", "number"] } })).toBe("(string | number)[]");
    expect(type({ type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false })).toBe(
      "[string, number]",
    );
    expect(type({ type: "object", additionalProperties: { type: "integer" } })).toBe("Record<string, number>");
    expect(type({ type: "object" })).toBe("Record<string, unknown>");
  });

  it("writes objects with optional properties, quoted keys and one-line docs", () => {
    const text = type({
      type: "object",
      properties: { id: { type: "integer", description: "The id.\nMore lines." }, "x-key": { type: "string" } },
      required: ["id"],
      additionalProperties: true,
    });
    expect(text).toBe('{\n  /** The id. */\n  id: number;\n  "x-key"?: string;\n  [key: string]: unknown;\n}');
  });

  it("combines anyOf, oneOf and allOf", () => {
    expect(type({ anyOf: [{ type: "string" }, { type: "integer" }] })).toBe("string | number");
    expect(
      type({ allOf: [{ type: "object", properties: { a: { type: "string" } } }, { anyOf: [{ type: "null" }] }] }),
    ).toBe("{\n  a?: string;\n} & null");
    expect(type({ oneOf: [{}, { type: "string" }] })).toBe("unknown");
  });

  it("keeps comment text from closing the comment", () => {
    expect(type({ type: "object", properties: { a: { description: "ends */ here" } } })).toContain("ends *\\/ here");
  });
});

describe("ApiDeclarations", () => {
  const where = (column: string) => ({
    type: "object",
    properties: { [column]: { type: "string" }, _or: { type: "array", items: { $ref: "#/$defs/Where" } } },
  });
  const listOf = (table: string) => ({
    name: `list_${table}`,
    description: `Rows of ${table}.`,
    inputSchema: {
      type: "object",
      properties: { where: { $ref: "#/$defs/Where" } },
      $defs: { Where: where(table) },
    },
  });

  it("names each function's argument type and a shared definition once", () => {
    const shared = where("id");
    const api = new ApiDeclarations([
      {
        name: "a",
        description: "A.",
        inputSchema: { type: "object", properties: { w: { $ref: "#/$defs/Where" } }, $defs: { Where: shared } },
      },
      {
        name: "b-c",
        description: "B.",
        inputSchema: {
          type: "object",
          properties: { w: { $ref: "#/$defs/Where" } },
          required: ["w"],
          $defs: { Where: shared },
        },
      },
    ]);
    const file = api.file();
    expect(file).toContain("  a(args?: AInput): Promise<unknown>;");
    expect(file).toContain('  "b-c"(args: BCInput): Promise<unknown>;');
    expect(file.match(/interface Where /g)).toHaveLength(1);
    expect(file).toContain("_or?: Where[];");
  });

  it("names a different definition under a taken name after its function", () => {
    const api = new ApiDeclarations([listOf("Album"), listOf("Track")]);
    const file = api.file();
    expect(file).toContain("interface Where {\n  Album?: string;");
    expect(file).toContain("interface ListTrackWhere {\n  Track?: string;\n  _or?: ListTrackWhere[];");
  });

  it("slices the declarations of some functions and the types they use, each type keeping its first name", () => {
    const api = new ApiDeclarations([listOf("Album"), listOf("Track")]);
    const { declarations, omittedTypes } = api.slice(["list_Track"], 10_000);
    expect(declarations).toContain("list_Track(args?: ListTrackInput)");
    expect(declarations).not.toContain("list_Album");
    // Written first, Track's definition took the plain name; Album's, written later, is named after its function.
    expect(declarations).toContain("interface Where {\n  Track?: string;");
    expect(omittedTypes).toBe(0);
    expect(api.slice(["list_Track"], 120).omittedTypes).toBe(2);
    const file = api.file();
    expect(file).toContain("interface Where {\n  Track?: string;");
    expect(file).toContain("interface ListAlbumWhere {\n  Album?: string;\n  _or?: ListAlbumWhere[];");
    expect(api.slice(["list_Album"], 10_000).declarations).toContain("where?: ListAlbumWhere;");
  });

  it("says in the declaration why a function cannot be called", () => {
    const api = new ApiDeclarations([{ ...listOf("Album"), refusal: "it runs as a task" }]);
    expect(api.file()).toContain("/** Rows of Album. Not callable from code: it runs as a task */");
  });
});

describe("hasTopLevelOperator", () => {
  it("looks past brackets, string literals and doc comments", async () => {
    const { hasTopLevelOperator } = await import("./schema-to-ts.js");
    expect(hasTopLevelOperator("{\n  /** a ( b's [ */\n  x: 1;\n} | null")).toBe(true);
    expect(hasTopLevelOperator('{\n  /** a | b */\n  x: "|" | "&";\n}')).toBe(false);
    expect(hasTopLevelOperator("(A | B)[]")).toBe(false);
  });
});

describe("a root type that is not a plain object", () => {
  it("is a type alias, not an interface", () => {
    const api = new ApiDeclarations([
      {
        name: "list",
        description: "L.",
        inputSchema: { type: "object" },
        resultSchema: { type: "array", items: { type: "object", properties: { a: { type: "string" } } } },
      },
    ]);
    expect(api.file()).toContain("type ListResult = {\n  a?: string;\n}[];");
  });
});
