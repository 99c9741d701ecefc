import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { usesDecorators, watchSchemas } from "./schemas.js";

const root = mkdtempSync(join(tmpdir(), "mcpsmith-dev-schemas-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
}

write("package.json", JSON.stringify({ name: "p", type: "module", dependencies: { "@mcpsmith/runtime": "*" } }));
write(
  "tsconfig.json",
  JSON.stringify({
    compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", rootDir: "src", outDir: "dist" },
    include: ["src"],
  }),
);
write("src/types.ts", "export interface Query {\n  text: string;\n}\n");
write(
  "src/tools.ts",
  `import { tool } from "@mcpsmith/runtime";
import type { Query } from "./types.js";

export class Tools {
  /** Searches. */
  @tool()
  search(args: Query) {
    return args.text;
  }
}
`,
);

const derivedInput = () =>
  JSON.parse(readFileSync(join(root, "dist/tools.mcpsmith.json"), "utf8")).classes.Tools.search.input.properties;

describe("mcpsmith dev's schema step", () => {
  const logged: string[] = [];
  const schemas = watchSchemas(root, join(root, "tsconfig.json"), (text) => logged.push(text));
  afterAll(() => schemas.close());

  it("runs only for projects using the runtime", () => {
    expect(usesDecorators(root)).toBe(true);
    const other = mkdtempSync(join(root, "other-"));
    writeFileSync(join(other, "package.json"), JSON.stringify({ dependencies: { zod: "*" } }));
    expect(usesDecorators(other)).toBe(false);
  });

  it("derives everything first, then what changed, and keeps the last schemas while a type is broken", async () => {
    await schemas.refresh();
    expect(derivedInput()).toEqual({ text: { type: "string" } });
    expect(logged.at(-1)).toMatch(/^schemas of 1 decorated method derived \(\d+ ms\)$/);

    write("src/types.ts", "export interface Query {\n  text: string;\n  /** @integer */\n  limit?: number;\n}\n");
    // The watcher reports the change asynchronously: refresh until it has been seen.
    for (let attempt = 0; attempt < 100 && derivedInput().limit === undefined; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await schemas.refresh();
    }
    expect(derivedInput()).toEqual({ text: { type: "string" }, limit: { type: "integer" } });
    expect(logged.at(-1)).toMatch(/^schemas of 1 decorated method derived after src\/types\.ts \(\d+ ms\)$/);

    write("src/types.ts", "export interface Query {\n  text: string;\n  run: () => void;\n}\n");
    for (let attempt = 0; attempt < 100 && !logged.at(-1)?.startsWith("schemas not updated"); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await schemas.refresh();
    }
    expect(logged.slice(-2)).toEqual([
      "src/types.ts:3:3: args.run is a function, which JSON cannot carry. Take the data the function would work on instead (a string, number or object).",
      "schemas not updated: fix the types above (the running server keeps the last schemas)",
    ]);
    expect(derivedInput()).toEqual({ text: { type: "string" }, limit: { type: "integer" } });
  });
});
