import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ts } from "ts-morph";
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

  it("parses an edited file from its previous version, taking over the declarations away from the edit", () => {
    const declarations = [
      "export interface A { a: string }",
      "export interface B { b: string }",
      "export interface C { c: string }",
    ];
    write("src/lib/three.ts", declarations.join("\n"));
    const path = join(root, "src/lib/three.ts");
    const project = new AnnotatedProject(["src"], { cwd: root });
    project.checker;
    const before = project.files.find((file) => file.fileName === path);

    const edited = [declarations[0], "export interface B { b: string; count: number }", declarations[2]].join("\n");
    write("src/lib/three.ts", edited);
    project.update([path]);
    const checker = project.checker;
    const after = project.files.find((file) => file.fileName === path);
    expect(after?.text).toBe(edited);
    expect(after?.statements[0]).toBe(before?.statements[0]);
    expect(after?.statements[1]).not.toBe(before?.statements[1]);
    expect(after?.statements[2]).toBe(before?.statements[2]);
    // What the program reads from it is the new text's: the last declaration moved, and B has its new member.
    const [a, b, c] = after?.statements ?? [];
    expect(c?.getStart()).toBe(edited.lastIndexOf("export interface C"));
    const members = (statement: ts.Statement | undefined) =>
      checker.getPropertiesOfType(checker.getTypeAtLocation((statement as ts.InterfaceDeclaration).name));
    expect(members(b).map((member) => member.name)).toEqual(["b", "count"]);
    expect(members(a).map((member) => member.name)).toEqual(["a"]);
  });
});
