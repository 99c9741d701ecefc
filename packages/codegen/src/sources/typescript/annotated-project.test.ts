import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AnnotatedProject } from "./annotated-project.js";

const root = mkdtempSync(join(tmpdir(), "mcpsmith-annotated-project-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe("AnnotatedProject", () => {
  it("after an edit parses only the changed file again, reusing every other one as it was", () => {
    write("tsconfig.json", JSON.stringify({ compilerOptions: { strict: true, module: "NodeNext" } }));
    write("src/a.ts", 'import type { Shared } from "./lib/shared.js";\nexport function a(args: Shared) {}');
    write("src/b.ts", "export function b() {}");
    write("src/lib/shared.ts", "export interface Shared { id: string }");
    const project = new AnnotatedProject(["src"], { cwd: root });
    const before = new Map(project.files.map((file) => [file.fileName, file]));
    expect(project.files.map((file) => file.fileName)).toEqual(
      ["src/a.ts", "src/b.ts", "src/lib/shared.ts"].map((path) => join(root, path)),
    );

    write("src/lib/shared.ts", "export interface Shared { id: number }");
    project.update([join(root, "src/lib/shared.ts")]);
    const after = project.files;
    expect(after.length).toBe(before.size);
    const reparsed = after.filter((file) => before.get(file.fileName) !== file).map((file) => file.fileName);
    expect(reparsed).toEqual([join(root, "src/lib/shared.ts")]);
  });
});
