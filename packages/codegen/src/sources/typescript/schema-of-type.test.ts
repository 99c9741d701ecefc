/**
 * The converter's table: one TypeScript type per case, its JSON Schema checked in under
 * `__snapshots__/types/<case>.json.snap` (JSON, named `.snap` so formatters leave it byte for byte; each one
 * reviewed by hand), and values the type accepts and refuses, checked against the schema by strict Ajv 2020-12 so
 * the schema is shown to mean what the type means.
 */
import { server } from "@mcpsmith/runtime";
import { createTestClient } from "@mcpsmith/runtime/testing";
import { describe, expect, it } from "vitest";
import type { JsonSchema, ObjectSchema } from "../../ir/types.js";
import { createSchemaContext } from "./schema-context.js";
import { schemaOfType } from "./schema-of-type.js";
import { strictAjv2020, testProject } from "./test-project.test-support.js";

interface Case {
  name: string;
  type: string;
  valid: unknown[];
  invalid: unknown[];
}

/** Declarations the cases refer to, in the module they are written in. */
const DECLARATIONS = `
import type { Int } from "@mcpsmith/runtime";
import type { LatLng } from "geo-types";
import type { Address } from "./address.js";

export enum Color { Red = "red", Green = "green" }
export enum Level { Low, Mid = 5, High }
export interface Item {
  id: string;
  /** Price in cents. @integer @minimum 0 */
  price: number;
  note?: string;
}
export interface Named { name: string }
export interface Pet extends Named {
  /** How many legs. @integer */
  legs: number;
}
export type Shape = { kind: "circle"; radius: number } | { kind: "square"; side: number };
export interface Page<T> { items: T[]; next?: string }
export interface Tree { value: string; children?: Tree[] }
export interface Folder { name: string; files: File[] }
export interface File { name: string; parent?: Folder }
export interface LinkedList<T> { value: T; next?: LinkedList<T> }
export function move(args: { to: LatLng; speed?: number }): void { void args; }
export type Id = string & { readonly __brand: "Id" };
export interface Tagged {
  /** A display name. @minLength 1 @maxLength 40 @pattern ^[A-Za-z ]+$ */
  title: string;
  /** @format email @example "ada@example.com" */
  email: string;
  /** @minimum 0 @maximum 1 @default 0.5 */
  ratio?: number;
  /** @minItems 1 @maxItems 3 */
  tags: string[];
  /** Use \`title\`. @deprecated */
  label?: string;
  /** @description Overrides the summary. */
  summary?: string;
}
`;

const ADDRESS = `/** Where someone lives. */
export interface Address {
  street: string;
  /** Five digits. @pattern ^[0-9]{5}$ */
  zip: string;
}
`;

const CASES: Case[] = [
  {
    name: "primitives",
    type: "{ s: string; n: number; b: boolean }",
    valid: [{ s: "", n: 1.5, b: false }],
    invalid: [
      { s: 1, n: 1, b: true },
      { s: "", n: 1 },
    ],
  },
  {
    name: "literals",
    type: '{ s: "on"; n: 42; t: true }',
    valid: [{ s: "on", n: 42, t: true }],
    invalid: [
      { s: "off", n: 42, t: true },
      { s: "on", n: 42, t: false },
    ],
  },
  { name: "string-literal-union", type: '"asc" | "desc"', valid: ["asc", "desc"], invalid: ["up", 1] },
  { name: "number-literal-union", type: "1 | 2 | 3", valid: [1, 3], invalid: [4, "1"] },
  { name: "mixed-literal-union", type: '"auto" | 0 | 1.5', valid: ["auto", 0, 1.5], invalid: ["0", 2] },
  { name: "nullable-primitive", type: "string | null", valid: ["x", null], invalid: [1, undefined] },
  { name: "nullable-literals", type: '"a" | "b" | null', valid: ["a", null], invalid: ["c"] },
  { name: "nullable-object", type: "Item | null", valid: [null, { id: "1", price: 2 }], invalid: [{ id: "1" }] },
  {
    name: "optional-and-undefined",
    type: "{ a?: string; b: string | undefined; c: number }",
    valid: [{ c: 1 }, { a: "x", b: "y", c: 1 }],
    invalid: [{ a: "x" }],
  },
  {
    name: "readonly",
    type: "{ readonly ids: readonly string[]; readonly pair: readonly [number, number] }",
    valid: [{ ids: [], pair: [1, 2] }],
    invalid: [{ ids: [1], pair: [1, 2] }],
  },
  { name: "boolean-or-string", type: "boolean | string", valid: [true, "x"], invalid: [1, null] },
  { name: "string-enum", type: "Color", valid: ["red", "green"], invalid: ["Red", "blue"] },
  { name: "numeric-enum", type: "Level", valid: [0, 5, 6], invalid: [1, "Low"] },
  { name: "enum-member", type: "{ color: Color.Red }", valid: [{ color: "red" }], invalid: [{ color: "green" }] },
  {
    name: "arrays",
    type: "{ a: string[]; b: Array<number>; c: number[][] }",
    valid: [{ a: ["x"], b: [], c: [[1], []] }],
    invalid: [
      { a: [1], b: [], c: [] },
      { a: [], b: [], c: [1] },
    ],
  },
  { name: "tuple", type: "[string, number]", valid: [["a", 1]], invalid: [["a"], ["a", 1, 2], [1, "a"]] },
  { name: "tuple-optional", type: "[x: number, y?: number]", valid: [[1], [1, 2]], invalid: [[], [1, 2, 3]] },
  { name: "tuple-rest", type: "[string, ...number[]]", valid: [["a"], ["a", 1, 2]], invalid: [[], ["a", "b"]] },
  {
    name: "nested-objects",
    type: "{ user: { name: string; address: { city: string; zip?: string } } }",
    valid: [{ user: { name: "A", address: { city: "B" } } }],
    invalid: [{ user: { name: "A", address: {} } }],
  },
  {
    name: "interface",
    type: "Item",
    valid: [{ id: "a", price: 100 }],
    invalid: [
      { id: "a", price: 1.5 },
      { id: "a", price: -1 },
    ],
  },
  {
    name: "interface-extends",
    type: "Pet",
    valid: [{ name: "Rex", legs: 4 }],
    invalid: [{ legs: 4 }, { name: "Rex", legs: 3.5 }],
  },
  { name: "intersection", type: "Named & { age: number }", valid: [{ name: "A", age: 3 }], invalid: [{ name: "A" }] },
  {
    name: "discriminated-union",
    type: "Shape",
    valid: [
      { kind: "circle", radius: 1 },
      { kind: "square", side: 2 },
    ],
    invalid: [{ kind: "circle", side: 2 }, { kind: "triangle" }],
  },
  {
    name: "generic",
    type: "Page<Item>",
    valid: [{ items: [{ id: "a", price: 1 }] }],
    invalid: [{ items: [{ id: "a" }] }],
  },
  { name: "record-string", type: "Record<string, number>", valid: [{}, { a: 1 }], invalid: [{ a: "1" }] },
  { name: "record-keys", type: 'Record<"en" | "fr", string>', valid: [{ en: "a", fr: "b" }], invalid: [{ en: "a" }] },
  { name: "index-signature", type: "{ [key: string]: boolean }", valid: [{ a: true }], invalid: [{ a: 1 }] },
  { name: "partial", type: "Partial<Item>", valid: [{}, { note: "x" }], invalid: [{ price: "1" }] },
  { name: "pick", type: 'Pick<Item, "id" | "price">', valid: [{ id: "a", price: 1 }], invalid: [{ id: "a" }] },
  { name: "omit", type: 'Omit<Item, "id">', valid: [{ price: 1 }], invalid: [{ note: "x" }] },
  {
    name: "required",
    type: "Required<Item>",
    valid: [{ id: "a", price: 1, note: "n" }],
    invalid: [{ id: "a", price: 1 }],
  },
  {
    name: "date",
    type: "{ at: Date; until?: Date }",
    valid: [{ at: "2026-11-30T20:00:00Z" }],
    invalid: [{ at: "yesterday" }, { at: 1 }],
  },
  {
    name: "recursive",
    type: "Tree",
    valid: [{ value: "a", children: [{ value: "b", children: [] }] }],
    invalid: [{ value: "a", children: [{}] }],
  },
  {
    name: "recursive-in-property",
    type: "{ root: Tree; count: number }",
    valid: [{ root: { value: "a" }, count: 1 }],
    invalid: [{ root: { value: 1 }, count: 1 }],
  },
  {
    name: "mutually-recursive",
    type: "Folder",
    valid: [{ name: "a", files: [{ name: "f", parent: { name: "a", files: [] } }] }],
    invalid: [{ name: "a", files: [{ parent: {} }] }],
  },
  {
    name: "recursive-generic",
    type: "LinkedList<number>",
    valid: [{ value: 1, next: { value: 2 } }],
    invalid: [{ value: 1, next: { value: "2" } }],
  },
  {
    name: "parameters-of-function",
    type: "Parameters<typeof move>[0]",
    valid: [{ to: { lat: 0, lng: 0 } }],
    invalid: [{ to: { lat: 91, lng: 0 } }],
  },
  {
    name: "imported-from-file",
    type: "{ home: Address }",
    valid: [{ home: { street: "Main", zip: "12345" } }],
    invalid: [{ home: { street: "Main", zip: "1234" } }],
  },
  { name: "imported-from-package", type: "LatLng", valid: [{ lat: 1, lng: 2 }], invalid: [{ lat: 1, lng: 200 }] },
  { name: "unknown", type: "{ payload: unknown }", valid: [{ payload: [1, "a"] }, { payload: null }], invalid: [{}] },
  {
    name: "int-brand",
    type: "{ count: Int; counts: Int[]; maybe?: Int | null }",
    valid: [{ count: 1, counts: [2], maybe: null }],
    invalid: [
      { count: 1.5, counts: [] },
      { count: 1, counts: [0.5] },
    ],
  },
  { name: "branded-string", type: "{ id: Id }", valid: [{ id: "x" }], invalid: [{ id: 1 }] },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a TypeScript template literal type
  { name: "template-literal", type: "{ ref: `user-${number}` }", valid: [{ ref: "user-1" }], invalid: [{ ref: 1 }] },
  {
    name: "doc-tags",
    type: "Tagged",
    valid: [{ title: "Ada", email: "ada@example.com", tags: ["a"] }],
    invalid: [
      { title: "", email: "ada@example.com", tags: ["a"] },
      { title: "Ada", email: "nope", tags: ["a"] },
      { title: "Ada", email: "ada@example.com", tags: [] },
      { title: "Ada", email: "ada@example.com", tags: ["a"], ratio: 2 },
    ],
  },
];

const caseModule = `${DECLARATIONS}\n${CASES.map((c, i) => `export type Case${i} = ${c.type};`).join("\n")}\n`;
const project = testProject({ "/src/cases.ts": caseModule, "/src/address.ts": ADDRESS });
const cases = project.getSourceFileOrThrow("/src/cases.ts");
const checker = project.getTypeChecker().compilerObject;
const context = createSchemaContext(checker);
const ajv = strictAjv2020();

describe("schemaOfType", () => {
  it("converts every case without a problem", () => {
    for (const [index] of CASES.entries()) {
      const alias = cases.getTypeAliasOrThrow(`Case${index}`);
      schemaOfType(alias.getType().compilerType, alias.compilerNode, context);
    }
    expect(context.problems).toEqual([]);
  });

  it.each(CASES.map((c, index) => [c.name, c, index] as const))("%s", async (name, c, index) => {
    const alias = cases.getTypeAliasOrThrow(`Case${index}`);
    const schema = schemaOfType(alias.getType().compilerType, alias.compilerNode, context);
    await expect(`${JSON.stringify(schema, null, 2)}\n`).toMatchFileSnapshot(`__snapshots__/types/${name}.json.snap`);
    const validate = ajv.compile(schema);
    for (const value of c.valid) expect(validate(value), `accepts ${JSON.stringify(value)}`).toBe(true);
    for (const value of c.invalid) expect(validate(value), `refuses ${JSON.stringify(value)}`).toBe(false);
  });

  it("gives the same schema from the cache as on first conversion", () => {
    const alias = cases.getTypeAliasOrThrow(`Case${CASES.findIndex((c) => c.name === "interface")}`);
    const fresh = schemaOfType(alias.getType().compilerType, alias.compilerNode, createSchemaContext(checker));
    expect(schemaOfType(alias.getType().compilerType, alias.compilerNode, context)).toEqual(fresh);
  });
});

/** A case's schema as one tool's arguments (`{ value: <case> }`), its `$defs` moved to the root that owns them. */
function asToolInput(schema: JsonSchema): ObjectSchema {
  if (typeof schema === "boolean") return { type: "object", properties: { value: schema }, required: ["value"] };
  const { $defs, ...value } = schema as { $defs?: Record<string, JsonSchema> };
  return { type: "object", properties: { value }, required: ["value"], ...($defs !== undefined && { $defs }) };
}

describe("derived schemas through the official client", () => {
  it("are listed as written and enforced on calls (v2 client, auto negotiation)", async () => {
    const inputs = CASES.map((_case, index) => {
      const alias = cases.getTypeAliasOrThrow(`Case${index}`);
      return asToolInput(schemaOfType(alias.getType().compilerType, alias.compilerNode, context));
    });
    const app = CASES.reduce(
      (builder, c, index) =>
        builder.tool(c.name, { description: `The ${c.name} case.`, input: inputs[index] }, () => "ok"),
      server({ name: "types", version: "1.0.0" }),
    );
    const client = await createTestClient(app);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.inputSchema)).toEqual(inputs);
      for (const c of CASES) {
        for (const value of c.valid) {
          const result = await client.callTool({ name: c.name, arguments: { value } });
          expect(result.isError, `${c.name} accepts ${JSON.stringify(value)}`).toBeFalsy();
        }
        for (const value of c.invalid.filter((entry) => entry !== undefined)) {
          const result = await client.callTool({ name: c.name, arguments: { value } });
          expect(result.isError, `${c.name} refuses ${JSON.stringify(value)}`).toBe(true);
        }
      }
    } finally {
      await client.close();
    }
  });
});
