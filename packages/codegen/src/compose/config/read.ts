/**
 * Finding and reading `mcpsmith.config.*`: the file given, or the one in the folder; parsed by its format
 * (JSON with comments, YAML, or a module whose default export is the config) and checked (validate.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { type ParseError, parse as parseJsonc, printParseErrorCode } from "jsonc-parser";
import { parse as parseYaml } from "yaml";
import { CodegenError } from "../../errors.js";
import { importModule } from "../load/load-module.js";
import type { McpsmithConfig } from "./types.js";
import { validateConfig } from "./validate.js";

/** The names looked for in a folder, in this order of preference. */
export const CONFIG_FILES = [
  "mcpsmith.config.ts",
  "mcpsmith.config.mts",
  "mcpsmith.config.mjs",
  "mcpsmith.config.js",
  "mcpsmith.config.json",
  "mcpsmith.config.yaml",
  "mcpsmith.config.yml",
] as const;

export interface ConfigFile {
  /** Absolute path of the file. */
  file: string;
  /** Its folder: where relative paths in it start. */
  dir: string;
  config: McpsmithConfig;
}

/** The config file in `dir`, or undefined; two of them is an error (which one is meant?). */
export function findConfig(dir: string): string | undefined {
  const found = CONFIG_FILES.map((name) => join(dir, name)).filter((path) => existsSync(path));
  if (found.length > 1) {
    throw new CodegenError(
      "E_CONFIG_INVALID",
      `${dir} has ${found.length} configs (${found.map((path) => basename(path)).join(", ")}): keep one, or name it with --config.`,
    );
  }
  return found[0];
}

/** Reads and checks a config file (absolute, or relative to `cwd`). */
export async function readConfig(path: string, cwd = process.cwd()): Promise<ConfigFile> {
  const file = resolve(cwd, path);
  if (!existsSync(file)) throw new CodegenError("E_CONFIG_MISSING", `No config at ${file}.`);
  const dir = dirname(file);
  const value = await parseConfig(file);
  return { file, dir, config: validateConfig(value, file, dir) };
}

async function parseConfig(file: string): Promise<unknown> {
  if (/\.json$/i.test(file)) return parseJson(file);
  if (/\.ya?ml$/i.test(file)) return parseYamlFile(file);
  if (/\.[cm]?[jt]s$/i.test(file)) {
    let exports: Record<string, unknown>;
    try {
      exports = await importModule(file);
    } catch (error) {
      throw new CodegenError("E_CONFIG_INVALID", `${file} could not be loaded: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (exports.default === undefined) {
      throw new CodegenError(
        "E_CONFIG_INVALID",
        `${file}: export the config as default (export default defineConfig({ ... })).`,
      );
    }
    return exports.default;
  }
  throw new CodegenError("E_CONFIG_INVALID", `${file}: a config is .ts, .mts, .mjs, .js, .json, .yaml or .yml.`);
}

function parseJson(file: string): unknown {
  const text = readFileSync(file, "utf8");
  const errors: ParseError[] = [];
  const value = parseJsonc(text, errors, { allowTrailingComma: true });
  const [first] = errors;
  if (first !== undefined) {
    throw new CodegenError(
      "E_CONFIG_INVALID",
      `${file}:${position(text, first.offset)}: ${printParseErrorCode(first.error)}`,
    );
  }
  return value;
}

function parseYamlFile(file: string): unknown {
  try {
    return parseYaml(readFileSync(file, "utf8"), { prettyErrors: true });
  } catch (error) {
    const at = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    const where = at === undefined ? file : `${file}:${at.line}:${at.col}`;
    throw new CodegenError("E_CONFIG_INVALID", `${where}: ${(error as Error).message.split("\n")[0]}`, {
      cause: error,
    });
  }
}

function position(text: string, offset: number): string {
  const before = text.slice(0, offset).split("\n");
  return `${before.length}:${before.at(-1)!.length + 1}`;
}
