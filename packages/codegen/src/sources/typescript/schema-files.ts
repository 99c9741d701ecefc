/**
 * Lays out what `mcpsmith build` writes for the runtime to find (see @mcpsmith/runtime's `model/derived.ts`):
 * beside each compiled module that has decorated methods, `<module>.mcpsmith.json`; in the project folder,
 * `.mcpsmith/schemas.json` with every module by source path, for sources run directly (vitest, tsx).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import {
  type DerivedClasses,
  MODULE_SCHEMAS_SUFFIX,
  type ModuleSchemasFile,
  moduleSchemasPath,
  PROJECT_SCHEMAS,
  type ProjectSchemasFile,
} from "@mcpsmith/runtime/internal";
import type { ts } from "ts-morph";
import { CodegenError } from "../../errors.js";
import { compiler } from "./compiler.js";
import type { DerivedMember, Extraction } from "./extractor.js";

// Where the runtime reads the files is its rule; these names stay for this entry point's users.
export { MODULE_SCHEMAS_SUFFIX, moduleSchemasPath as schemasPathOf, PROJECT_SCHEMAS as PROJECT_SCHEMAS_FILE };

export interface SchemaFile {
  path: string;
  contents: string;
}

export interface SchemaFilesPlan {
  write: SchemaFile[];
  /** Files a previous build wrote for modules that no longer have decorated methods. */
  remove: string[];
}

/** Plans the files for an extraction, given the project's tsconfig (which says where each module compiles to). */
export function planSchemaFiles(extraction: Extraction, tsconfig: string): SchemaFilesPlan {
  const config = parsedConfig(tsconfig);
  const projectDir = dirname(tsconfig);
  const write: SchemaFile[] = [];
  const modules: ProjectSchemasFile["modules"] = {};
  for (const [source, members] of extraction.modules) {
    const classes = classesOf(members);
    modules[posix(relative(projectDir, source))] = classes;
    const output = compiledPath(config, source);
    if (output === undefined) continue;
    const file: ModuleSchemasFile = { mcpsmith: 1, source: posix(relative(dirname(output), source)), classes };
    write.push({ path: moduleSchemasPath(output), contents: json(file) });
  }
  const project: ProjectSchemasFile = { mcpsmith: 1, modules };
  write.push({ path: join(projectDir, PROJECT_SCHEMAS), contents: json(project) });
  const remove = extraction.sources
    .filter((source) => !extraction.modules.has(source))
    .map((source) => compiledPath(config, source))
    .filter((output): output is string => output !== undefined)
    .map(moduleSchemasPath)
    .filter(isOurs);
  return { write, remove };
}

/** Writes a plan; a file whose contents are unchanged is not touched (watchers keyed on mtime stay quiet). */
export function applySchemaFiles(plan: SchemaFilesPlan): void {
  for (const file of plan.write) {
    if (existsSync(file.path) && readFileSync(file.path, "utf8") === file.contents) continue;
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
  }
  for (const path of plan.remove) rmSync(path, { force: true });
}

function classesOf(members: readonly DerivedMember[]): DerivedClasses {
  const classes: DerivedClasses = {};
  for (const member of members) {
    const entry: DerivedClasses[string][string] = {};
    if (member.description !== undefined) entry.description = member.description;
    if (member.input !== undefined) entry.input = member.input;
    if (member.output !== undefined) entry.output = member.output;
    if (member.dates !== undefined) entry.dates = member.dates;
    classes[member.className] ??= {};
    (classes[member.className] as DerivedClasses[string])[member.method] = entry;
  }
  return classes;
}

function parsedConfig(tsconfig: string): ts.ParsedCommandLine {
  let problem: string | undefined;
  const host = {
    ...compiler.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic: ts.Diagnostic) => {
      problem = compiler.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    },
  };
  const config = compiler.getParsedCommandLineOfConfigFile(tsconfig, undefined, host);
  if (config === undefined) {
    throw new CodegenError("E_INPUT_MISSING", `Cannot read ${tsconfig}: ${problem ?? "unknown error"}.`);
  }
  return config;
}

/** The JavaScript file tsc emits for a source, or undefined when it emits none (`noEmit`, a declaration). */
function compiledPath(config: ts.ParsedCommandLine, source: string): string | undefined {
  if (config.options.noEmit || config.options.emitDeclarationOnly) return undefined;
  try {
    return compiler
      .getOutputFileNames(config, source, !compiler.sys.useCaseSensitiveFileNames)
      .find((file) => /\.[cm]?js$/.test(file));
  } catch {
    // Not one of the tsconfig's files: nothing is emitted for it.
    return undefined;
  }
}

/** Only files a build wrote are removed (a user's own `x.mcpsmith.json` is left alone). */
function isOurs(path: string): boolean {
  if (!existsSync(path)) return false;
  try {
    return (JSON.parse(readFileSync(path, "utf8")) as { mcpsmith?: unknown }).mcpsmith === 1;
  } catch {
    return false;
  }
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function posix(path: string): string {
  return path.split(sep).join("/");
}
