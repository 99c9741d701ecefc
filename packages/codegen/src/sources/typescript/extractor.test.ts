import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSchemaExtractor } from "./extractor.js";
import { planSchemaFiles } from "./schema-files.js";

const root = mkdtempSync(join(tmpdir(), "mcpsmith-extractor-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): string {
  const file = join(root, path);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, text);
  return file;
}

write(
  "tsconfig.json",
  JSON.stringify({
    compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", rootDir: "src", outDir: "dist" },
    include: ["src"],
  }),
);
const types = write("src/types.ts", "export interface Query {\n  text: string;\n}\n");
const search = write(
  "src/search.ts",
  `import { tool as mcpTool } from "@mcpsmith/runtime";
import * as mcp from "@mcpsmith/runtime";
import type { Query } from "./types.js";

export class Search {
  /** Searches. */
  @mcpTool()
  search(args: Query) {
    return args.text;
  }

  /** Written schema: nothing derived for the input. */
  @mcp.tool({ input: { type: "object" } })
  explicit(args: { ignored: () => void }): { ok: boolean } {
    return { ok: args !== undefined };
  }

  /** A prompt. */
  @mcp.prompt()
  ask(args: { topic: string }) {
    return args.topic;
  }

  notATool(args: { fn: () => void }) {
    return args;
  }
}
`,
);
const other = write(
  "src/other.ts",
  `import { tool } from "@mcpsmith/runtime";

export class Other {
  /** Counts. */
  @tool()
  count(args: { n: number }) {
    return args.n;
  }
}
`,
);
write("src/plain.ts", "export const plain = 1;\n");

describe("createSchemaExtractor", () => {
  const extractor = createSchemaExtractor(join(root, "tsconfig.json"));
  const first = extractor.extract();

  it("finds decorated methods by their imports (renamed, namespaced), skipping written schemas", () => {
    expect(first.problems).toEqual([]);
    expect([...first.modules.keys()]).toEqual([other, search]);
    expect(first.modules.get(search)).toEqual([
      {
        kind: "tool",
        className: "Search",
        method: "search",
        line: 8,
        column: 3,
        description: "Searches.",
        input: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      },
      {
        kind: "tool",
        className: "Search",
        method: "explicit",
        line: 14,
        column: 3,
        description: "Written schema: nothing derived for the input.",
        output: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
      },
      {
        kind: "prompt",
        className: "Search",
        method: "ask",
        line: 20,
        column: 3,
        description: "A prompt.",
        input: { type: "object", properties: { topic: { type: "string" } }, required: ["topic"] },
      },
    ]);
    expect(first.sources).toEqual([other, types, plain(), search].sort());
  });

  it("after a change reads the changed module and its importers again, keeping the rest", () => {
    const otherBefore = first.modules.get(other);
    write("src/types.ts", "export interface Query {\n  text: string;\n  /** @integer */\n  limit?: number;\n}\n");
    const second = extractor.update(types);
    expect(second.modules.get(search)?.[0]?.input).toEqual({
      type: "object",
      properties: { text: { type: "string" }, limit: { type: "integer" } },
      required: ["text"],
    });
    expect(second.modules.get(other)).toBe(otherBefore);
  });

  it("reports a problem introduced by a change, and forgets it once fixed", () => {
    write("src/types.ts", "export interface Query {\n  text: string;\n  done: () => void;\n}\n");
    const broken = extractor.update([types]);
    expect(broken.problems.map((problem) => `${problem.line}:${problem.column} ${problem.path}`)).toEqual([
      "3:3 args.done",
    ]);
    write("src/types.ts", "export interface Query {\n  text: string;\n}\n");
    expect(extractor.update(types).problems).toEqual([]);
  });

  it("follows added and deleted modules", () => {
    const added = write(
      "src/added.ts",
      `import { tool } from "@mcpsmith/runtime";\nexport class Added {\n  /** New. */\n  @tool()\n  fresh() {\n    return 1;\n  }\n}\n`,
    );
    expect(extractor.update(added).modules.get(added)?.[0]).toMatchObject({ className: "Added", method: "fresh" });
    rmSync(other);
    const after = extractor.update(other);
    expect(after.modules.has(other)).toBe(false);
    expect(after.sources).not.toContain(other);
  });

  it("plans the files beside the compiled modules and the project's .mcpsmith/schemas.json", () => {
    const plan = planSchemaFiles(extractor.extract(), join(root, "tsconfig.json"));
    expect(plan.write.map((file) => file.path).sort()).toEqual(
      [
        join(root, ".mcpsmith/schemas.json"),
        join(root, "dist/added.mcpsmith.json"),
        join(root, "dist/search.mcpsmith.json"),
      ].sort(),
    );
    const beside = JSON.parse(plan.write.find((file) => file.path.endsWith("search.mcpsmith.json"))?.contents ?? "");
    expect(beside.source).toBe("../src/search.ts");
    expect(Object.keys(beside.classes.Search)).toEqual(["search", "explicit", "ask"]);
    expect(plan.remove).toEqual([]);
  });

  it("removes what a previous build wrote for a module that no longer has decorated methods, nothing else", () => {
    const stale = write(
      "dist/plain.mcpsmith.json",
      JSON.stringify({ mcpsmith: 1, source: "../src/plain.ts", classes: {} }),
    );
    write("src/mine.ts", "export const mine = 1;\n");
    write("dist/mine.mcpsmith.json", JSON.stringify({ note: "written by hand" }));
    const plan = planSchemaFiles(extractor.update(join(root, "src/mine.ts")), join(root, "tsconfig.json"));
    expect(plan.remove).toEqual([stale]);
  });
});

function plain(): string {
  return join(root, "src/plain.ts");
}

/** A temporary strict NodeNext project, removed after the file's tests: `put` writes a file and gives its path. */
function strictProject(prefix: string) {
  const base = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  const put = (path: string, text: string) => {
    const file = join(base, path);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, text);
    return file;
  };
  const tsconfig = put(
    "tsconfig.json",
    JSON.stringify({ compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext" } }),
  );
  return { base, put, tsconfig };
}

describe("createSchemaExtractor's reuse across updates", () => {
  const { put, tsconfig } = strictProject("mcpsmith-extractor-reuse-");
  const toolFile = (className: string, method: string, imports: string, args: string) =>
    `import { tool } from "@mcpsmith/runtime";\n${imports}\nexport class ${className} {\n  /** Does it. */\n  @tool()\n  ${method}(args: ${args}) {\n    return 1;\n  }\n}\n`;

  const money = put("src/money.ts", "export interface Money {\n  amount: number;\n  currency: string;\n}\n");
  const labels = put("src/labels.ts", "export interface Label {\n  text: string;\n}\n");
  const augment = put("src/augment.ts", "export {};\n");
  // An interface in a module the edits leave alone, built on one they change.
  put("src/order.ts", 'import type { Money } from "./money.js";\nexport interface Order {\n  total: Money;\n}\n');
  const orders = put(
    "src/orders.ts",
    toolFile("Orders", "place", 'import type { Order } from "./order.js";', "{ order: Order }"),
  );
  const refunds = put(
    "src/refunds.ts",
    toolFile("Refunds", "refund", 'import type { Money } from "./money.js";', "{ amount: Money; reason: string }"),
  );
  // Money through an import type: no import statement names it.
  const quotes = put("src/quotes.ts", toolFile("Quotes", "quote", "", '{ price: import("./money.js").Money }'));
  const tags = put(
    "src/tags.ts",
    toolFile(
      "Tags",
      "tag",
      'import type { Label } from "./labels.js";\nimport type { Money } from "./money.js";',
      "{ label: Label; price: Money }",
    ),
  );
  const extractor = createSchemaExtractor(tsconfig);
  let last = extractor.extract();
  const fresh = () => createSchemaExtractor(tsconfig).extract().modules;
  /** The fields of the tool's money, wherever it is in its arguments. */
  const moneyFields = (path: string): string[] => {
    const find = (schema: unknown): string[] | undefined => {
      if (typeof schema !== "object" || schema === null) return undefined;
      const properties = (schema as { properties?: Record<string, unknown> }).properties;
      if (properties?.currency !== undefined) return Object.keys(properties);
      return Object.values(schema)
        .map(find)
        .find((found) => found !== undefined);
    };
    return find(last.modules.get(path)?.[0]?.input) ?? [];
  };

  it("reads again every tool importing an edited shared type, as a fresh extraction does", () => {
    put("src/money.ts", "export interface Money {\n  amount: number;\n  currency: string;\n  note?: string;\n}\n");
    last = extractor.update(money);
    expect(moneyFields(orders)).toEqual(["amount", "currency", "note"]);
    expect(moneyFields(refunds)).toEqual(["amount", "currency", "note"]);
    expect(moneyFields(quotes)).toEqual(["amount", "currency", "note"]);
    expect(moneyFields(tags)).toEqual(["amount", "currency", "note"]);
    expect(last.modules).toEqual(fresh());
  });

  it("keeps the tools an edit does not reach, and reuses unchanged types in those it does", () => {
    const before = last;
    put("src/labels.ts", "export interface Label {\n  text: string;\n  color?: string;\n}\n");
    last = extractor.update(labels);
    expect(last.modules.get(orders)).toBe(before.modules.get(orders));
    expect(last.modules.get(refunds)).toBe(before.modules.get(refunds));
    expect(last.modules.get(tags)).not.toBe(before.modules.get(tags));
    expect(last.modules.get(tags)?.[0]?.input?.properties?.label).toMatchObject({
      properties: { text: { type: "string" }, color: { type: "string" } },
    });
    expect(moneyFields(tags)).toEqual(["amount", "currency", "note"]);
    expect(last.modules).toEqual(fresh());
  });

  it("reads every module again after a module augmentation comes or goes", () => {
    put(
      "src/augment.ts",
      'export {};\ndeclare module "./money.js" {\n  interface Money {\n    rate?: number;\n  }\n}\n',
    );
    last = extractor.update(augment);
    expect(moneyFields(orders)).toEqual(["amount", "currency", "note", "rate"]);
    expect(last.modules).toEqual(fresh());
    put("src/augment.ts", "export {};\n");
    last = extractor.update(augment);
    expect(moneyFields(refunds)).toEqual(["amount", "currency", "note"]);
    expect(last.modules).toEqual(fresh());
  });
});

describe("createSchemaExtractor after an edit inside a module of several types", () => {
  const { base, put, tsconfig } = strictProject("mcpsmith-extractor-edit-");
  put("src/money.ts", "export interface Money {\n  amount: number;\n}\n");
  const typesText = (middle: string, tail = "") =>
    [
      'import type { Money } from "./money.js";',
      "export interface Line {\n  sku: string;\n  price: Money;\n}",
      "export interface FirstArgs {\n  lines: Line[];\n}",
      middle,
      "export interface ThirdArgs {\n  when: Date;\n  /** @minLength 2 */\n  name: string;\n}",
      tail,
    ].join("\n\n");
  const second = "export interface SecondArgs {\n  note: string;\n}";
  const types = put("src/types.ts", typesText(second));
  const methods = (names: readonly string[]) =>
    names
      .map((name) => `  /** ${name}. */\n  @tool()\n  ${name.toLowerCase()}(args: ${name}Args) {\n    return 1;\n  }\n`)
      .join("\n");
  const toolsText = (names: readonly string[]) =>
    `import { tool } from "@mcpsmith/runtime";\nimport type { ${names.map((name) => `${name}Args`).join(", ")} } from "./types.js";\n\nexport class Tools {\n${methods(names)}}\n`;
  const tools = put("src/tools.ts", toolsText(["First", "Second", "Third"]));
  const extractor = createSchemaExtractor(tsconfig);
  let last = extractor.extract();
  const fresh = () => createSchemaExtractor(tsconfig).extract();
  const input = (method: string) => last.modules.get(tools)?.find((member) => member.method === method)?.input;

  it("derives the edited type again and takes over the ones the edit leaves alone", () => {
    const before = last;
    const inputBefore = (method: string) =>
      before.modules.get(tools)?.find((member) => member.method === method)?.input;
    put(
      "src/types.ts",
      typesText("export interface SecondArgs {\n  note: string;\n  /** @integer */\n  count?: number;\n}"),
    );
    last = extractor.update(types);
    expect(input("second")?.properties).toEqual({ note: { type: "string" }, count: { type: "integer" } });
    expect(input("first")).toBe(inputBefore("first"));
    expect(input("third")).toBe(inputBefore("third"));
    expect(last).toEqual(fresh());
  });

  it("takes over the types an edited type uses from its own module", () => {
    const lines = () => input("first")?.properties?.lines as { items: object } | undefined;
    const before = lines();
    put("src/types.ts", typesText(second).replace("  lines: Line[];\n", "  lines: Line[];\n  urgent?: boolean;\n"));
    last = extractor.update(types);
    expect(Object.keys(input("first")?.properties ?? {})).toEqual(["lines", "urgent"]);
    expect(lines()?.items).toBe(before?.items);
    expect(last).toEqual(fresh());
  });

  it("derives again a type whose declaration is unchanged but uses one the edit changed, in the module or another", () => {
    put("src/types.ts", typesText(second).replace("  sku: string;\n", "  sku: string;\n  quantity: number;\n"));
    last = extractor.update(types);
    const lines = input("first")?.properties?.lines as { items: { properties: object } } | undefined;
    expect(Object.keys(lines?.items.properties ?? {})).toEqual(["sku", "quantity", "price"]);
    put("src/money.ts", "export interface Money {\n  amount: number;\n  currency: string;\n}\n");
    last = extractor.update(join(base, "src/money.ts"));
    expect(last).toEqual(fresh());
  });

  it("sees a name the module now declares itself, where the unchanged type meant a global one", () => {
    put("src/types.ts", typesText(second, "interface Date {\n  day: number;\n}"));
    last = extractor.update(types);
    expect(input("third")?.properties?.when).toEqual({
      type: "object",
      properties: { day: { type: "number" } },
      required: ["day"],
    });
    expect(last).toEqual(fresh());
    put("src/types.ts", typesText(second));
    last = extractor.update(types);
    expect(input("third")?.properties?.when).toEqual({ type: "string", format: "date-time" });
    expect(last).toEqual(fresh());
  });

  it("follows tools added and removed by an edit, and types moving within the module", () => {
    put("src/types.ts", typesText(second, "export interface FourthArgs {\n  flag: boolean;\n}"));
    put("src/tools.ts", toolsText(["First", "Second", "Third", "Fourth"]));
    last = extractor.update([types, tools]);
    expect(last.modules.get(tools)?.map((member) => member.method)).toEqual(["first", "second", "third", "fourth"]);
    expect(last).toEqual(fresh());
    // The declarations swap places, and one tool goes.
    put("src/types.ts", typesText("export interface FourthArgs {\n  flag: boolean;\n}", second));
    put("src/tools.ts", toolsText(["First", "Third", "Fourth"]));
    last = extractor.update([types, tools]);
    expect(last.modules.get(tools)?.map((member) => member.method)).toEqual(["first", "third", "fourth"]);
    expect(last).toEqual(fresh());
  });
});

describe("createSchemaExtractor after an edit to a tool module", () => {
  const { put, tsconfig } = strictProject("mcpsmith-extractor-methods-");
  const toolsText = (helper: string, ask: string) =>
    `import { tool } from "@mcpsmith/runtime";

export class Tools {
  /** Its result is the helper's, whatever the helper returns. */
  @tool()
  async inferred(args: { id: string }) {
    return this.helper(args.id);
  }

  /** Written out: taken over while the module changes elsewhere. */
  @tool()
  async written(args: { id: string }): Promise<{ done: boolean }> {
    return { done: args.id !== "" };
  }

  /** Names the class: the other members' types are its own. */
  @tool()
  async named(args: { id: string }): Promise<ReturnType<Tools["${ask}"]>> {
    return this.${ask}(args.id);
  }

  ${helper}

  ask(id: string): { asked: string } {
    return { asked: id };
  }
}
`;
  const helperText = (fields: string) => `helper(id: string): { ${fields} } {\n    return { id } as never;\n  }`;
  const tools = put("src/tools.ts", toolsText(helperText("id: string"), "helper"));
  const extractor = createSchemaExtractor(tsconfig);
  let last = extractor.extract();
  const fresh = () => createSchemaExtractor(tsconfig).extract();
  const member = (method: string) => last.modules.get(tools)?.find((found) => found.method === method);

  it("derives again a method whose types depend on other members, and takes over one that stands alone", () => {
    const written = member("written");
    put("src/tools.ts", toolsText(helperText("id: string; count: number"), "helper"));
    last = extractor.update(tools);
    expect(Object.keys(member("inferred")?.output?.properties ?? {})).toEqual(["id", "count"]);
    expect(Object.keys(member("named")?.output?.properties ?? {})).toEqual(["id", "count"]);
    expect(member("written")?.output).toBe(written?.output);
    expect(last).toEqual(fresh());
    put("src/tools.ts", toolsText(helperText("id: string; count: number"), "ask"));
    last = extractor.update(tools);
    expect(Object.keys(member("named")?.output?.properties ?? {})).toEqual(["asked"]);
    expect(last).toEqual(fresh());
  });
});
