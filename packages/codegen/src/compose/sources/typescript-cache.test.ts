import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cachedAnnotated } from "./typescript-cache.js";

const dir = mkdtempSync(join(tmpdir(), "mcpsmith-ts-ir-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CACHE = join(dir, ".mcpsmith/compose/utils.json");
const write = (path: string, text: string, secondsAgo = 0) => {
  writeFileSync(join(dir, path), text);
  // A distinct time for each version, as an editor's save gives it.
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(join(dir, path), when, when);
};

describe("cachedAnnotated", () => {
  it("derives once, reads the IR back while nothing changed, and derives again after any file the program read changes", async () => {
    mkdirSync(join(dir, "src"));
    write("src/units.ts", 'export type Unit = "celsius" | "fahrenheit";\n', 60);
    write(
      "src/tools.ts",
      'import type { Unit } from "./units.js";\n/** Convert. @tool */\nexport function convert(args: { to: Unit }) { return args.to; }\n',
      60,
    );
    const load = () => cachedAnnotated(["src"], { cwd: dir }, CACHE);

    const first = await load();
    expect(first.tools.map((tool) => tool.name)).toEqual(["convert"]);
    const written = statSync(CACHE).mtimeMs;
    expect(await load()).toEqual(first);
    expect(statSync(CACHE).mtimeMs).toBe(written);

    // An imported file, not an input, changed: the schema follows it.
    write("src/units.ts", 'export type Unit = "kelvin";\n', 30);
    const imported = await load();
    expect(imported.tools[0]!.inputSchema.properties).toEqual({ to: { type: "string", const: "kelvin" } });

    // A module added to an input folder is seen.
    write("src/more.ts", "/** More. @tool */\nexport function more() {}\n", 30);
    expect((await load()).tools.map((tool) => tool.name).sort()).toEqual(["convert", "more"]);
  });
});
