import { describe, expect, it } from "vitest";
import { describeCallable } from "./describe-callable.js";
import { createSchemaContext } from "./schema-context.js";
import { testProject } from "./test-project.test-support.js";
import { formatProblem, TypeSchemaError } from "./type-schema-error.js";

const TOOLS = `
/**
 * Finds notes.
 *
 * Longer text stays in the description too.
 * @param args.query - Words to find.
 * @param args.filter.tag Only notes with this tag.
 */
export async function search(args: { query: string; filter?: { tag: string } }): Promise<{ hits: string[] }> {
  return { hits: [args.query] };
}

/** Pings. */
export function ping(): string {
  return "pong";
}

/**
 * Destructured, described by bare names.
 * @param text What to echo.
 */
export function echo({ text }: { text: string }): { text: string } | undefined {
  return { text };
}

/** An arrow function, documented on its const. */
export const shout = (args: { text: string }): Promise<string[]> => Promise.resolve([args.text]);

export function list(args: { page: number }) {
  return [args.page];
}

/** Pages. */
export function page({
  limit = 10,
  offset = -1,
  order = "asc",
  exact = false,
  tags = [],
  size: pageSize = 5,
  depth = 3,
  since = new Date(0),
}: {
  limit?: number;
  offset?: number;
  order?: "asc" | "desc";
  exact?: boolean;
  tags?: string[];
  size?: number;
  /** Given in the type. @default 2 */
  depth?: number;
  since?: Date;
}) {
  return [limit, offset, order, exact, tags, pageSize, depth, since];
}

/** Merges. */
export function merged(args: { a: string }): { a: string } & { b: number } {
  return { ...args, b: 1 };
}
`;

const project = testProject({ "/src/tools.ts": TOOLS });
const tools = project.getSourceFileOrThrow("/src/tools.ts");
const checker = project.getTypeChecker().compilerObject;

describe("describeCallable", () => {
  it("input from the first parameter, output from the awaited object result, description from the JSDoc", () => {
    expect(describeCallable(tools.getFunctionOrThrow("search").compilerNode, checker)).toEqual({
      description: "Finds notes.\n\nLonger text stays in the description too.",
      input: {
        type: "object",
        properties: {
          query: { type: "string", description: "Words to find." },
          filter: {
            type: "object",
            properties: { tag: { type: "string", description: "Only notes with this tag." } },
            required: ["tag"],
          },
        },
        required: ["query"],
      },
      output: {
        type: "object",
        properties: { hits: { type: "array", items: { type: "string" } } },
        required: ["hits"],
      },
      takesArguments: true,
    });
  });

  it("no parameter: an empty object input; a string result: no output schema", () => {
    expect(describeCallable(tools.getFunctionOrThrow("ping").compilerNode, checker)).toEqual({
      description: "Pings.",
      input: { type: "object", properties: {} },
      takesArguments: false,
    });
  });

  it("describes destructured fields by their bare names; an optional result gives no output schema", () => {
    const echo = describeCallable(tools.getFunctionOrThrow("echo").compilerNode, checker);
    expect(echo.input.properties).toEqual({ text: { type: "string", description: "What to echo." } });
    expect(echo.output).toBeUndefined();
  });

  it("reads an arrow function's doc from its const; arrays and undocumented callables give what they can", () => {
    const shout = tools.getVariableDeclarationOrThrow("shout").getInitializerOrThrow();
    expect(describeCallable(shout.compilerNode as never, checker)).toMatchObject({
      description: "An arrow function, documented on its const.",
    });
    expect(describeCallable(shout.compilerNode as never, checker).output).toBeUndefined();
    const list = describeCallable(tools.getFunctionOrThrow("list").compilerNode, checker);
    expect(list.description).toBeUndefined();
    expect(list.output).toBeUndefined();
  });

  it("gives destructured fields the literal defaults the parameter writes, never over one in the type", () => {
    const page = describeCallable(tools.getFunctionOrThrow("page").compilerNode, checker);
    const defaults = Object.entries(page.input.properties ?? {}).map(([name, schema]) => [
      name,
      (schema as { default?: unknown }).default,
    ]);
    expect(defaults).toEqual([
      ["limit", 10],
      ["offset", -1],
      ["order", "asc"],
      ["exact", false],
      ["tags", []],
      ["size", 5],
      ["depth", 2],
      ["since", undefined],
    ]);
  });

  it("an intersection of objects as the result is an output schema too", () => {
    expect(describeCallable(tools.getFunctionOrThrow("merged").compilerNode, checker).output).toEqual({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "number" } },
      required: ["a", "b"],
    });
  });
});

/** Each unsupported case, the line it is written on, and exactly what is said about it. */
const UNSUPPORTED = `import type { Int } from "@mcpsmith/runtime";
class Account {
  id = "";
  close(): void {}
}
export function run(args: {
  done: () => void;
  key: symbol;
  big: bigint;
  loose: any;
  account: Account;
  lookup: Map<string, number>;
  /** @minimum low */
  floor: number;
  /** @minLength 2 */
  count: number;
  /** @integer */
  name: string;
  ok: Int;
}) {
  void args;
}
export function scalar(value: string) {
  void value;
}
export function generic<T>(args: { value: T }) {
  void args;
}
export function nothing(args: { gone: undefined }) {
  void args;
}
`;

describe("unsupported types", () => {
  const bad = testProject({ "/src/bad.ts": UNSUPPORTED });
  const file = bad.getSourceFileOrThrow("/src/bad.ts");
  const badChecker = bad.getTypeChecker().compilerObject;
  const context = createSchemaContext(badChecker);
  for (const name of ["run", "scalar", "generic", "nothing"]) {
    describeCallable(file.getFunctionOrThrow(name).compilerNode, badChecker, context);
  }

  it("are all reported in one run, each at file:line:column with what to write instead", () => {
    expect(context.problems.map((problem) => formatProblem(problem, "/"))).toEqual([
      "src/bad.ts:7:3: args.done is a function, which JSON cannot carry. Take the data the function would work on instead (a string, number or object).",
      "src/bad.ts:8:3: args.key is a symbol, which JSON cannot carry. Use a string.",
      "src/bad.ts:9:3: args.big is a bigint, which JSON cannot carry. Use `number` or a `string` of digits.",
      "src/bad.ts:10:3: args.loose is `any`, which says nothing a client can check. Write the type it holds, or `unknown` to accept any JSON value.",
      "src/bad.ts:4:3: args.account.close is a method of Account; arguments and results are plain JSON data. Describe the data with an interface or type alias that has no methods.",
      "src/bad.ts:12:3: args.lookup is a Map, which JSON cannot carry. Write Record<string, V> (an object) or an array of [key, value] tuples instead.",
      'src/bad.ts:13:7: @minimum takes a number (write `@minimum 10`), got "low".',
      "src/bad.ts:16:3: @minLength applies to a string, and args.count is not one. Remove the tag or change the type.",
      "src/bad.ts:18:3: @integer is on args.name, which is not a number. Remove the tag.",
      "src/bad.ts:23:24: value must be an object type (tool arguments are named fields). Wrap it: `(value: { value: string })`.",
      "src/bad.ts:26:36: args.value is the type parameter T, which has no concrete type here. Pass a concrete type argument.",
      "src/bad.ts:29:33: args.gone is `undefined`, which JSON cannot carry. Make the field optional (`?:`).",
    ]);
  });

  it("throw a TypeSchemaError listing them all when no context collects them", () => {
    const error = (() => {
      try {
        describeCallable(file.getFunctionOrThrow("run").compilerNode, badChecker);
      } catch (caught) {
        return caught;
      }
    })() as TypeSchemaError;
    expect(error).toBeInstanceOf(TypeSchemaError);
    expect(error.code).toBe("E_TYPE_UNSUPPORTED");
    expect(error.locations).toHaveLength(9);
    expect(error.problems[0]).toEqual({
      file: "/src/bad.ts",
      pointer: "7:3",
      message: expect.stringContaining("args.done is a function"),
    });
    expect(error.message).toMatch(/^9 types cannot become a JSON Schema:\n {2}\/src\/bad\.ts:7:3: args\.done/);
  });
});

describe("a type the compiler could not resolve", () => {
  const unresolved = testProject({
    "/src/missing.ts": `import type { Foo } from "not-installed";\nexport function run(args: { foo: Foo; some: Partial<Foo> }) {\n  void args;\n}\n`,
  });
  const file = unresolved.getSourceFileOrThrow("/src/missing.ts");
  const unresolvedChecker = unresolved.getTypeChecker().compilerObject;
  const context = createSchemaContext(unresolvedChecker);
  describeCallable(file.getFunctionOrThrow("run").compilerNode, unresolvedChecker, context);

  it("is said to be unresolved, not `any`: the fix is an install or an import path", () => {
    expect(context.problems.map((problem) => formatProblem(problem, "/"))).toEqual([
      "src/missing.ts:2:29: args.foo has a type the compiler could not resolve (a package or its @types not installed, or a wrong import path: tsc names it). Install it or fix the import.",
      "src/missing.ts:2:39: args.some has a type the compiler could not resolve (a package or its @types not installed, or a wrong import path: tsc names it). Install it or fix the import.",
    ]);
  });
});
