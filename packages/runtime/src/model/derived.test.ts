import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { compileModel } from "../engine/compile.js";
import { McpsmithError } from "../errors.js";
import type { ModuleSchemasFile, ProjectSchemasFile } from "./derived.js";
import { toModel } from "./resolve.js";

const root = mkdtempSync(join(tmpdir(), "mcpsmith-derived-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const runtime = pathToFileURL(join(import.meta.dirname, "../index.ts")).href;
const searchInput = { type: "object", properties: { query: { type: "string" } }, required: ["query"] };

/** A source module as a user writes it (decorator syntax, run directly as vitest and tsx do). */
function sourceModule(dir: string, name: string, body: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, `import { prompt, resource, tool } from ${JSON.stringify(runtime)};\n${body}`);
  return file;
}

async function instanceOf(file: string, className: string): Promise<object> {
  const module = (await import(pathToFileURL(file).href)) as Record<string, new () => object>;
  return new (module[className] as new () => object)();
}

describe("schemas derived by mcpsmith build", () => {
  it("are found for a source module in the project's .mcpsmith/schemas.json, written options winning", async () => {
    const project = join(root, "source");
    const file = sourceModule(
      join(project, "src"),
      "search.ts",
      `export class Search {
  @tool() search(args: { query: string }) { return args.query; }
  @tool({ description: "written" }) described(args: { query: string }) { return args.query; }
  @prompt() ask(args: { topic: string }) { return args.topic; }
  @resource("notes://{id}") note(variables: Record<string, string>) { return variables.id; }
}
void [prompt, resource];`,
    );
    const schemas: ProjectSchemasFile = {
      mcpsmith: 1,
      modules: {
        "src/search.ts": {
          Search: {
            search: { description: "Finds things.", input: searchInput, output: searchInput },
            described: { description: "derived", input: searchInput },
            ask: { description: "Asks.", input: { type: "object", properties: { topic: { type: "string" } } } },
            note: { description: "A note." },
          },
        },
      },
    };
    mkdirSync(join(project, ".mcpsmith"));
    writeFileSync(join(project, ".mcpsmith/schemas.json"), JSON.stringify(schemas));
    writeFileSync(join(project, "package.json"), "{}");

    const model = toModel(await instanceOf(file, "Search"));
    const [search, described] = model.tools;
    expect(search).toMatchObject({ description: "Finds things.", input: searchInput, output: searchInput });
    expect(described).toMatchObject({ description: "written", input: searchInput });
    expect(model.prompts[0]).toMatchObject({ description: "Asks.", args: { type: "object" } });
    expect(model.resourceTemplates[0]?.description).toBe("A note.");
    expect(() => compileModel(model)).not.toThrow();
  });

  it("are found beside a compiled module (dist/x.js -> dist/x.mcpsmith.json), for a base class's methods too", async () => {
    const dist = join(root, "compiled", "dist");
    mkdirSync(dist, { recursive: true });
    // What a compiler emits for decorators: the decorator called from the class's own module.
    writeFileSync(
      join(dist, "tools.js"),
      `import { tool } from ${JSON.stringify(runtime)};
const metadata = Object.create(null);
export class Base { search(args) { return args.query; } }
tool()(Base.prototype.search, { kind: "method", name: "search", static: false, private: false, metadata });
Object.defineProperty(Base, Symbol.metadata, { value: metadata });
export class Child extends Base {}
`,
    );
    const file: ModuleSchemasFile = {
      mcpsmith: 1,
      source: "../src/tools.ts",
      classes: { Base: { search: { description: "Finds things.", input: searchInput } } },
    };
    writeFileSync(join(dist, "tools.mcpsmith.json"), JSON.stringify(file));

    const model = toModel(await instanceOf(join(dist, "tools.js"), "Child"));
    expect(model.tools[0]).toMatchObject({ name: "search", description: "Finds things.", input: searchInput });
  });

  it("missing for a method that takes arguments: start-up fails saying to run the build or pass input", async () => {
    const file = sourceModule(
      join(root, "missing"),
      "tools.ts",
      `export class Tools {
  @tool({ description: "Needs a schema" }) search(args: { query: string }) { return args.query; }
  @tool({ description: "Takes nothing" }) ping() { return "pong"; }
  @prompt({ description: "Needs one too" }) ask(args: { topic: string }) { return args.topic; }
}
void resource;`,
    );
    writeFileSync(join(root, "missing", "package.json"), "{}");
    const model = toModel(await instanceOf(file, "Tools"));
    const error = (() => {
      try {
        compileModel(model);
      } catch (caught) {
        return caught as McpsmithError;
      }
      throw new Error("compileModel accepted a tool without a schema");
    })();
    expect(error).toBeInstanceOf(McpsmithError);
    expect(error.message).toContain(
      'Tools.search: tool "search" takes arguments but has no schema for them (looked in .mcpsmith/schemas.json): run `mcpsmith build` to derive it from the parameter\'s type, or pass `input:` to @tool()',
    );
    expect(error.message).toContain('Tools.ask: prompt "ask" takes arguments but has no schema for them');
    expect(error.message).toContain("pass `args:` to @prompt()");
    expect(error.message).not.toContain("ping");
  });
});
