import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { ts } from "ts-morph";
import { afterAll, describe, expect, it } from "vitest";
import { compiler, LIB_FOLDER } from "./compiler.js";
import { SchemaProject } from "./schema-project.js";
import { bundleLibraries, LIBRARY_BUNDLE, rootLibraries } from "./standard-library.js";

const root = mkdtempSync(join(tmpdir(), "mcpsmith-standard-library-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const { ModuleKind, ModuleResolutionKind, ScriptTarget } = compiler;

/** The library files the compiler itself loads for `options`, in its order (its own lib folder being ours). */
function compilerLibraries(options: ts.CompilerOptions): string[] {
  const host = compiler.createCompilerHost(options);
  host.getDefaultLibLocation = () => LIB_FOLDER;
  host.getDefaultLibFileName = (settings) => `${LIB_FOLDER}/${compiler.getDefaultLibFileName(settings)}`;
  // The compiler loads its library only for a program with a file.
  const file = join(root, "empty.ts");
  writeFileSync(file, "export {};\n");
  const program = compiler.createProgram({ rootNames: [file], options, host });
  return program
    .getSourceFiles()
    .filter((file) => program.isSourceFileDefaultLibrary(file))
    .map((file) => basename(file.fileName));
}

describe("the standard library bundle", () => {
  const settings: Record<string, ts.CompilerOptions> = {
    "ES2023 with decorators": { lib: ["lib.es2023.d.ts", "lib.esnext.decorators.d.ts"], target: ScriptTarget.ES2022 },
    "the default library of ES2022 (DOM included)": { target: ScriptTarget.ES2022 },
    "ESNext, whose iterator helpers are a module": { lib: ["lib.esnext.d.ts"], target: ScriptTarget.ESNext },
    ES5: { lib: ["lib.es5.d.ts"], target: ScriptTarget.ES5 },
  };
  for (const [name, options] of Object.entries(settings)) {
    it(`holds the files the compiler would load, in its order: ${name}`, () => {
      const bundle = bundleLibraries(rootLibraries(options));
      expect(bundle.files).toEqual(compilerLibraries(options));
      expect(bundle.text).not.toMatch(/<reference\s+lib=/);
      for (const module of bundle.modules) expect(bundle.files).toContain(basename(module));
    });
  }

  it("grows by a library a project file asks for, which `noLib` would ignore", () => {
    const dir = join(root, "reference-lib");
    mkdirSync(join(dir, "src"), { recursive: true });
    const options = { strict: true, module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2022"] };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: options, include: ["src"] }));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
    const source = [
      '/// <reference lib="dom" />',
      '/// <reference lib="es2099.nothing" />',
      "export interface Page { url: URL; title: string }",
      "",
    ].join("\n");
    writeFileSync(join(dir, "src/page.ts"), source);
    const project = new SchemaProject(join(dir, "tsconfig.json"));
    const files = project.program.getSourceFiles().map((file) => file.fileName);
    expect(files[0]).toBe(LIBRARY_BUNDLE);
    expect(project.program.getSourceFile(LIBRARY_BUNDLE)?.text).toMatch(/interface URL\s*\{/);
    const diagnostics = compiler.getPreEmitDiagnostics(
      project.program,
      project.program.getSourceFile(join(dir, "src/page.ts")),
    );
    expect(diagnostics.map((d) => compiler.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
  });

  it("keeps the compiler's global types, with the options of a project that has no tsconfig", () => {
    const file = join(root, "arrays.ts");
    writeFileSync(
      file,
      "export const ids: string[] = [];\nexport const later: Promise<number> = Promise.resolve(1);\n",
    );
    const options = { strict: true, module: ModuleKind.NodeNext, moduleResolution: ModuleResolutionKind.NodeNext };
    const project = new SchemaProject(options, [file]);
    expect(project.program.getGlobalDiagnostics()).toEqual([]);
    expect(compiler.getPreEmitDiagnostics(project.program, project.program.getSourceFile(file))).toEqual([]);
  });
});
