import { unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeGeneratedFiles } from "../emit/core/write-files.js";
import { annotatedSource } from "../sources/typescript/annotated-source.js";
import { diskProjects, codegenFailure as failure } from "../sources/typescript/disk-project.test-support.js";
import { generateTs, openTsGeneration } from "./typescript.js";

const disk = diskProjects("mcpsmith-generate-ts-");

/** A project folder with a package.json, a strict tsconfig and these modules under src/. */
function project(modules: Record<string, string>): string {
  return disk({
    "package.json": JSON.stringify({ name: "@acme/notes", version: "2.0.0", type: "module" }),
    ...Object.fromEntries(Object.entries(modules).map(([path, text]) => [`src/${path}`, text])),
  });
}

describe("generateTs", () => {
  it("lowers tools, resources and prompts with names, schemas, hints and the package's name", () => {
    const cwd = project({
      "tools.ts": [
        "/**\n * Find notes.\n * @tool find_notes\n * @readOnly\n * @title Find\n */",
        "export function find(args: { query: string; limit?: number }): { ids: string[] } { return { ids: [args.query] }; }",
        "/** A note. @resource notes://{id} */",
        "export function note(v: { id: string }) { return v.id; }",
        "/** Summarise. @prompt */",
        "export function summarise(args: { style: 'short' | 'long' }) { return args.style; }",
      ].join("\n"),
    });
    const { ir, files, toolListTokens } = generateTs({ inputs: ["src"], cwd });
    expect(ir.tools).toHaveLength(1);
    expect(ir.tools[0]).toMatchObject({
      name: "find_notes",
      title: "Find",
      description: "Find notes.",
      annotations: { readOnlyHint: true },
      inputSchema: { type: "object", required: ["query"] },
      outputSchema: { type: "object", properties: { ids: { type: "array" } } },
      origin: { file: "src/tools.ts", pointer: "7:17" },
      binding: { exportName: "find", takesArguments: true, takesContext: false },
    });
    expect(ir.resources[0]).toMatchObject({ uri: "notes://{id}", name: "note", variables: ["id"] });
    expect(ir.prompts[0]).toMatchObject({ name: "summarise", argsSchema: { required: ["style"] } });
    expect(toolListTokens).toBeGreaterThan(20);
    const server = files.get(join(cwd, "src/generated/server.ts"));
    expect(server).toContain('export const app = server({ name: "notes", version: "2.0.0" });');
  });

  it("reports every type that cannot become a schema at once, each at its place", () => {
    const cwd = project({
      "a.ts": "/** A. @tool */\nexport function a(args: { when: Map<string, number> }) {}",
      "b.ts": "/** B. @tool */\nexport function b(args: { run: () => void }) {}",
    });
    const error = failure(() => generateTs({ inputs: ["src"], cwd }));
    expect(error.code).toBe("E_TYPE_UNSUPPORTED");
    expect(error.message).toContain("2 types cannot become a JSON Schema");
    expect(error.message).toMatch(/src\/a\.ts:2:\d+: args\.when is a Map/);
    expect(error.message).toMatch(/src\/b\.ts:2:\d+: args\.run is a function/);
  });

  it("refuses duplicate names, naming both places", () => {
    const cwd = project({
      "a.ts": "/** A. @tool */\nexport function search() {}",
      "b.ts": "/** B. @tool Search */\nexport function other() {}",
    });
    const error = failure(() => generateTs({ inputs: ["src"], cwd }));
    expect(error.code).toBe("E_NAME_DUPLICATE");
    expect(error.message).toBe(
      'src/b.ts:2:17: the tool "Search" is already declared at src/a.ts:2:17. Rename one with `@tool other_name`.',
    );
  });

  it("refuses a tool without a description, non-string prompt arguments and stray template parameters", () => {
    const cases: [string, string][] = [
      ["/** @tool */\nexport function a() {}", "the tool a has no description"],
      ["/** P. @prompt */\nexport function p(args: { n: number }) {}", 'declare "n" as string'],
      ["/** R. @resource r://{id} */\nexport function r(v: { key: string }) {}", 'has "key", which the URI template'],
      ["/** R. @resource r://fixed */\nexport function r(v: { id: string }) {}", "a resource at a fixed URI"],
      ["/** T. @tool */\nexport function t(a: { x: string }, b: string) {}", "takes 2 parameters"],
    ];
    for (const [source, message] of cases) {
      const cwd = project({ "a.ts": source });
      expect(failure(() => generateTs({ inputs: ["src"], cwd })).message).toContain(message);
    }
  });

  it("writes the output where --out says, excluding it from the inputs on the next run", () => {
    const cwd = project({ "tools.ts": "/** A. @tool */\nexport function a() {}" });
    const { files } = generateTs({ inputs: ["src"], cwd, out: "src/mcp/server.ts", transport: "http" });
    expect([...files.keys()]).toEqual([join(cwd, "src/mcp/server.ts"), join(cwd, "src/mcp/main.ts")]);
    expect(files.get(join(cwd, "src/mcp/server.ts"))).toContain(
      "`mcpsmith generate ts src --out src/mcp/server.ts --transport http`",
    );
    writeGeneratedFiles(files);
    expect(generateTs({ inputs: ["src"], cwd, out: "src/mcp/server.ts", transport: "http" }).files).toEqual(files);
  });

  it("reads the sources with the tsconfig given, its path aliases resolving imported types", async () => {
    const cwd = project({
      "tools.ts": [
        'import type { Unit } from "@lib/units.js";',
        "/** Convert. @tool */",
        "export function convert(args: { value: number; to: Unit }) { return args.value; }",
      ].join("\n"),
      "lib/units.ts": 'export type Unit = "celsius" | "fahrenheit";',
    });
    writeFileSync(
      join(cwd, "tsconfig.paths.json"),
      JSON.stringify({ compilerOptions: { strict: true, module: "NodeNext", paths: { "@lib/*": ["./src/lib/*"] } } }),
    );
    const ir = await annotatedSource.load("src/tools.ts", { cwd, tsconfig: "tsconfig.paths.json" });
    expect(ir.tsconfig).toBe("tsconfig.paths.json");
    expect(ir.tools[0]!.inputSchema.properties).toEqual({
      value: { type: "number" },
      to: { type: "string", enum: ["celsius", "fahrenheit"] },
    });
    // The nearest tsconfig has no alias: the import does not resolve, and the converter says where.
    await expect(annotatedSource.load("src/tools.ts", { cwd })).rejects.toThrow(/src\/tools\.ts:3:\d+: args\.to/);
  });

  it("kept open across edits, gives after each what a fresh run gives: edited, imported, added and deleted files", () => {
    const cwd = project({
      "tools.ts": [
        'import type { Unit } from "./units.js";',
        "/** Convert. @tool */",
        "export function convert(args: { value: number; to: Unit }) { return args.value; }",
      ].join("\n"),
      "units.ts": 'export type Unit = "celsius" | "fahrenheit";',
    });
    const generation = openTsGeneration({ inputs: ["src"], cwd });
    const runAfter = (edit: () => void, changed: string[]) => {
      edit();
      const kept = generation.run(changed.map((path) => join(cwd, "src", path))).files;
      expect(kept).toEqual(generateTs({ inputs: ["src"], cwd }).files);
      return kept;
    };
    const first = generation.run().files;
    const imported = runAfter(
      () => writeFileSync(join(cwd, "src/units.ts"), 'export type Unit = "kelvin";'),
      ["units.ts"],
    );
    expect(imported).not.toEqual(first);
    runAfter(
      () => writeFileSync(join(cwd, "src/more.ts"), "/** More. @tool */\nexport function more() {}"),
      ["more.ts"],
    );
    // A deletion the caller did not report is still seen: the inputs are listed again on every run.
    const deleted = runAfter(() => unlinkSync(join(cwd, "src/more.ts")), []);
    expect([...deleted.values()].join()).not.toContain("more");
  });
});
