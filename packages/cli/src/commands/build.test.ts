import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, runCli } from "../test-support.js";

const dir = mkdtempSync(join(tmpdir(), "mcpsmith-build-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2023", "ESNext.Decorators"],
    types: [],
    strict: true,
    skipLibCheck: true,
    rootDir: "src",
    outDir: "dist",
  },
  include: ["src"],
};

/** A project as a user has it: its own tsconfig, typescript and @mcpsmith/runtime installed. */
function project(name: string, files: Record<string, string>): string {
  const root = join(dir, name);
  mkdirSync(join(root, "node_modules", "@mcpsmith"), { recursive: true });
  symlinkSync(join(REPO_ROOT, "packages/runtime"), join(root, "node_modules/@mcpsmith/runtime"), "dir");
  symlinkSync(join(REPO_ROOT, "node_modules/typescript"), join(root, "node_modules/typescript"), "dir");
  writeFileSync(join(root, "package.json"), JSON.stringify({ name, type: "module", private: true }));
  writeFileSync(join(root, "tsconfig.json"), JSON.stringify(TSCONFIG));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const SEARCH = `import { tool } from "@mcpsmith/runtime";
import type { Filter } from "./filter.js";

export class Search {
  /** Finds documents. */
  @tool()
  async search(args: { query: string; filter?: Filter }): Promise<{ hits: string[] }> {
    return { hits: [args.query] };
  }
}
`;

// Each case runs the project's tsc in a child process: minutes on a loaded machine are not a failure.
describe("mcpsmith build", { timeout: 180_000 }, () => {
  it("compiles the project and writes the derived schemas beside the output and in .mcpsmith/", async () => {
    const root = project("ok", {
      "src/search.ts": SEARCH,
      "src/filter.ts": `export interface Filter {\n  /** Only these tags. */\n  tags: string[];\n}\n`,
    });
    const result = await runCli(["build"], { cwd: root });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^mcpsmith build: schemas of 1 tool, 0 prompts and 0 resources derived \(src\/search\.ts\) in \d+ ms\n$/,
    );

    const beside = JSON.parse(readFileSync(join(root, "dist/search.mcpsmith.json"), "utf8"));
    const filter = {
      type: "object",
      properties: { tags: { type: "array", items: { type: "string" }, description: "Only these tags." } },
      required: ["tags"],
    };
    const derived = {
      description: "Finds documents.",
      input: { type: "object", properties: { query: { type: "string" }, filter }, required: ["query"] },
      output: {
        type: "object",
        properties: { hits: { type: "array", items: { type: "string" } } },
        required: ["hits"],
      },
    };
    expect(beside).toEqual({ mcpsmith: 1, source: "../src/search.ts", classes: { Search: { search: derived } } });
    const projectFile = JSON.parse(readFileSync(join(root, ".mcpsmith/schemas.json"), "utf8"));
    expect(projectFile).toEqual({ mcpsmith: 1, modules: { "src/search.ts": { Search: { search: derived } } } });
    expect(existsSync(join(root, "dist/filter.mcpsmith.json"))).toBe(false);

    // The compiled module, run as `node dist/...` would, gets its schemas with no import of them.
    const runtime = await import(pathToFileURL(join(root, "node_modules/@mcpsmith/runtime/dist/index.js")).href);
    const { Search } = await import(pathToFileURL(join(root, "dist/search.js")).href);
    const [tool] = runtime.toModel(new Search()).tools;
    expect(tool).toMatchObject({ name: "search", description: derived.description, input: derived.input });
  });

  it("reports every type that cannot become a schema, with file:line:column, and writes nothing", async () => {
    const root = project("bad", {
      "src/bad.ts": `import { tool } from "@mcpsmith/runtime";

export class Bad {
  /** Runs a callback. */
  @tool()
  run(args: { done: () => void; when: bigint }) {
    return String(args.when);
  }

  /** Anything goes. */
  @tool()
  loose(args: { value: any }) {
    return String(args.value);
  }
}
`,
    });
    const result = await runCli(["build"], { cwd: root });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("E_BUILD_FAILED 3 types cannot become a JSON Schema:");
    expect(result.stderr).toContain(
      "src/bad.ts:6:15: args.done is a function, which JSON cannot carry. Take the data the function would work on instead (a string, number or object).",
    );
    expect(result.stderr).toContain(
      "src/bad.ts:6:33: args.when is a bigint, which JSON cannot carry. Use `number` or a `string` of digits.",
    );
    expect(result.stderr).toContain(
      "src/bad.ts:12:17: args.value is `any`, which says nothing a client can check. Write the type it holds, or `unknown` to accept any JSON value.",
    );
    expect(existsSync(join(root, ".mcpsmith"))).toBe(false);
  });

  it("stops at tsc's errors, printing them", async () => {
    const root = project("broken", { "src/broken.ts": "export const n: number = 'text';\n" });
    const result = await runCli(["build"], { cwd: root });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("src/broken.ts(1,14): error TS2322");
    expect(result.stderr).toContain("mcpsmith build: tsc failed (exit code 1); schemas not derived.");
  });

  it("says which tsconfig it looked for", async () => {
    const empty = mkdtempSync(join(dir, "empty-"));
    const result = await runCli(["build"], { cwd: empty });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${empty} has no tsconfig.build.json or tsconfig.json.`);
  });
});
