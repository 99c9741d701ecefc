import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeFiles } from "./files-summary.js";

const cwd = "/work";
const at = (...paths: string[]) => paths.map((path) => join(cwd, path));

describe("describeFiles", () => {
  it("names a few files on one line", () => {
    const files = at("src/generated/server.ts", "src/generated/server.test.ts");
    expect(describeFiles(files, files.slice(0, 1), ["src/tools"], cwd)).toEqual([
      "src/generated/server.ts, src/generated/server.test.ts from src/tools (1 written)",
    ]);
    expect(describeFiles(files, [], ["src/tools"], cwd)).toEqual([
      "src/generated/server.ts, src/generated/server.test.ts from src/tools (up to date)",
    ]);
  });

  it("counts many files by folder, in the order they come, with what was written where only some were", () => {
    const generated = Array.from({ length: 1200 }, (_, index) => `api/src/generated/tag-${index}.ts`);
    const files = at("api/package.json", "api/README.md", "api/src/main.ts", ...generated, "mcpsmith.json");
    const written = at("api/package.json", "api/README.md", "api/src/generated/tag-7.ts", "api/src/old.ts");
    expect(describeFiles(files, written, ["github.json"], cwd)).toEqual([
      "1,204 files from github.json (4 written)",
      "  api/                    2 files",
      "  api/src/                1 file",
      "  api/src/generated/  1,200 files, 1 written",
      "  ./                      1 file",
    ]);
  });
});
