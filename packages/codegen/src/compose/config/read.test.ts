import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findConfig, readConfig } from "./read.js";

/** The built readConfig in a process of its own: TypeScript goes through mcpsmith's module hooks, not vitest's. */
function readBuilt(file: string): unknown {
  const read = new URL("../../../dist/compose/config/read.js", import.meta.url).href;
  const script = `const { readConfig } = await import(${JSON.stringify(read)});
try { console.log(JSON.stringify((await readConfig(${JSON.stringify(file)})).config)); }
catch (error) { console.log(JSON.stringify({ error: error.message })); }`;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
}

const root = mkdtempSync(join(tmpdir(), "mcpsmith-read-config-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let count = 0;
/** A folder with these files (and tools.ts, which every config below names). */
function folder(files: Record<string, string>): string {
  const dir = join(root, String(count++));
  mkdirSync(dir);
  writeFileSync(join(dir, "tools.ts"), "export {};\n");
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const SOURCES = { utils: { typescript: "./tools.ts" } };

describe("readConfig", () => {
  it("reads JSON with comments and trailing commas", async () => {
    const dir = folder({
      "mcpsmith.config.json":
        '{\n  // the server\n  "name": "a",\n  "sources": { "utils": { "typescript": "./tools.ts" } },\n}\n',
    });
    const read = await readConfig(findConfig(dir)!);
    expect(read).toMatchObject({ dir, config: { name: "a", sources: SOURCES } });
  });

  it("reads YAML", async () => {
    const dir = folder({ "mcpsmith.config.yaml": "name: b\nsources:\n  utils:\n    typescript: ./tools.ts\n" });
    expect((await readConfig(join(dir, "mcpsmith.config.yaml"))).config).toEqual({ name: "b", sources: SOURCES });
  });

  it("reads a module's default export, TypeScript compiled as it loads, its own imports included", async () => {
    const dir = folder({
      "shared.ts": 'export const name: string = "from-ts";\n',
      "mcpsmith.config.ts": [
        'import { name } from "./shared.js";',
        "interface Shape { name: string; sources: Record<string, { typescript: string }> }",
        'const config: Shape = { name, sources: { utils: { typescript: "./tools.ts" } } };',
        "export default config;",
      ].join("\n"),
    });
    expect(readBuilt(findConfig(dir)!)).toEqual({ name: "from-ts", sources: SOURCES });
    const mjs = folder({ "mcpsmith.config.mjs": `export default ${JSON.stringify({ name: "m", sources: SOURCES })};` });
    expect((await readConfig(findConfig(mjs)!)).config.name).toBe("m");
  });

  it("says where a file does not parse, and what a module must export", async () => {
    const json = folder({ "mcpsmith.config.json": '{\n  "name": "a",\n  "sources": {\n}}}' });
    await expect(readConfig(join(json, "mcpsmith.config.json"))).rejects.toThrow(
      `${join(json, "mcpsmith.config.json")}:4:3: EndOfFileExpected`,
    );
    const yaml = folder({ "mcpsmith.config.yaml": "name: [a\nsources: {}\n" });
    await expect(readConfig(join(yaml, "mcpsmith.config.yaml"))).rejects.toThrow(/mcpsmith\.config\.yaml:\d+:\d+: /);
    const ts = folder({ "mcpsmith.config.ts": "export default {\n  name: 'x',\n  sources: {\n};;;}" });
    expect(readBuilt(join(ts, "mcpsmith.config.ts"))).toEqual({
      error: expect.stringMatching(/mcpsmith\.config\.ts could not be loaded: .*mcpsmith\.config\.ts:4:\d+: /),
    });
    const none = folder({ "mcpsmith.config.mjs": "export const config = {};" });
    await expect(readConfig(join(none, "mcpsmith.config.mjs"))).rejects.toThrow("export the config as default");
    await expect(readConfig(join(none, "nope.json"))).rejects.toThrow(`No config at ${join(none, "nope.json")}.`);
  });
});

describe("findConfig", () => {
  it("finds none, one, or refuses two", () => {
    expect(findConfig(folder({}))).toBeUndefined();
    const two = folder({ "mcpsmith.config.json": "{}", "mcpsmith.config.yaml": "" });
    expect(() => findConfig(two)).toThrow(/has 2 configs \(mcpsmith\.config\.json, mcpsmith\.config\.yaml\): keep one/);
  });
});
