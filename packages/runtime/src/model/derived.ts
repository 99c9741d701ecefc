/**
 * Reads the schemas `mcpsmith build` derived from a decorated class's types. For a compiled module
 * (`dist/tools.js`) they sit beside it (`dist/tools.mcpsmith.json`); for a source module run directly (vitest,
 * tsx) they are in the project's `.mcpsmith/schemas.json`, keyed by the source's path from the project folder.
 * Files are read once per process; where there is no file system (edge runtimes) nothing is derived.
 */
import { McpsmithError } from "../errors.js";
import type { JsonSchema } from "../schema/types.js";
import type { DatePlan } from "./dates.js";

/** What the build derived for one method: its doc summary and the schemas of its arguments and result. */
export interface DerivedSchemas {
  description?: string;
  input?: JsonSchema;
  output?: JsonSchema;
  /** Where the arguments hold `Date`s (see DatePlan), when they do. */
  dates?: DatePlan;
}

/** Class name -> method name -> what was derived. */
export type DerivedClasses = Record<string, Record<string, DerivedSchemas>>;

/** `<module>.mcpsmith.json`, beside a compiled module. */
export interface ModuleSchemasFile {
  mcpsmith: 1;
  /** The module's source, relative to this file (for people reading it). */
  source: string;
  classes: DerivedClasses;
}

/** `.mcpsmith/schemas.json`, in the project folder: every module's classes, by source path from that folder. */
export interface ProjectSchemasFile {
  mcpsmith: 1;
  modules: Record<string, DerivedClasses>;
}

export const PROJECT_SCHEMAS = ".mcpsmith/schemas.json";
/** What replaces a compiled module's extension to name the file of its schemas. */
export const MODULE_SCHEMAS_SUFFIX = ".mcpsmith.json";
const COMPILED = /\.[cm]?js$/;

/** `<module>.mcpsmith.json` for a compiled module (`dist/tools.js` -> `dist/tools.mcpsmith.json`). */
export function moduleSchemasPath(compiled: string): string {
  return compiled.replace(COMPILED, MODULE_SCHEMAS_SUFFIX);
}

type Fs = typeof import("node:fs");
type Path = typeof import("node:path");

const files = new Map<string, unknown>();

/** The derived schemas of `className.method` declared in `module` (an absolute file path), if the build wrote any. */
export function derivedSchemas(
  module: string | undefined,
  className: string,
  method: string,
): DerivedSchemas | undefined {
  const node = nodeModules();
  if (module === undefined || node === undefined) return undefined;
  return classesOf(module, node)?.[className]?.[method];
}

/** Where the schemas of a module would be read from, for messages. */
export function schemasLocation(module: string): string {
  return COMPILED.test(module) ? moduleSchemasPath(module) : PROJECT_SCHEMAS;
}

function classesOf(module: string, { fs, path }: { fs: Fs; path: Path }): DerivedClasses | undefined {
  if (COMPILED.test(module)) {
    return (read(moduleSchemasPath(module), fs) as ModuleSchemasFile | undefined)?.classes;
  }
  for (let dir = path.dirname(module); ; dir = path.dirname(dir)) {
    const project = read(path.join(dir, PROJECT_SCHEMAS), fs) as ProjectSchemasFile | undefined;
    if (project !== undefined) return project.modules[path.relative(dir, module).split(path.sep).join("/")];
    if (path.dirname(dir) === dir || fs.existsSync(path.join(dir, "package.json"))) return undefined;
  }
}

/** A JSON file, or undefined when it does not exist; a file that does not parse is an error naming it. */
function read(file: string, fs: Fs): unknown {
  if (files.has(file)) return files.get(file);
  let value: unknown;
  if (fs.existsSync(file)) {
    try {
      value = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (cause) {
      throw new McpsmithError(
        "E_SCHEMA_INVALID",
        `${file} is not valid JSON (${(cause as Error).message}); run \`mcpsmith build\` again`,
        {
          cause,
        },
      );
    }
  }
  files.set(file, value);
  return value;
}

function nodeModules(): { fs: Fs; path: Path } | undefined {
  const load = globalThis.process?.getBuiltinModule;
  if (typeof load !== "function") return undefined;
  const fs = load("node:fs") as Fs | undefined;
  const path = load("node:path") as Path | undefined;
  return fs && path ? { fs, path } : undefined;
}
