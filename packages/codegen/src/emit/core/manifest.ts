import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CodegenError } from "../../errors.js";

export const MANIFEST_FILE = "mcpsmith.json";

export type OptionValue = string | number | boolean | string[];

/**
 * One `mcpsmith generate <kind>` run, recorded so that `mcpsmith generate` with no arguments repeats it. Paths
 * are relative to the manifest's folder. `options` holds what was given on the command line, by long option
 * name, `out` included: a kind reads back exactly what it wrote.
 */
export interface GenerateEntry {
  kind: string;
  inputs: string[];
  options: Record<string, OptionValue>;
}

/** `mcpsmith.json`. Keys other than `generate` belong to other features and are kept as they are. */
export interface Manifest {
  generate: GenerateEntry[];
  [key: string]: unknown;
}

/** The manifest in `dir`, or undefined when there is none. */
export function readManifest(dir: string): Manifest | undefined {
  const path = join(dir, MANIFEST_FILE);
  if (!existsSync(path)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new CodegenError("E_MANIFEST_INVALID", `${path} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new CodegenError("E_MANIFEST_INVALID", `${path} must hold a JSON object.`);
  }
  const manifest = parsed as Record<string, unknown>;
  const entries = manifest.generate ?? [];
  if (!Array.isArray(entries) || !entries.every(isEntry)) {
    throw new CodegenError(
      "E_MANIFEST_INVALID",
      `${path}: "generate" must be a list of { "kind": string, "inputs": string[], "options": object }.`,
    );
  }
  return { ...manifest, generate: entries };
}

/**
 * Adds an entry to the manifest in `dir` (creating it), replacing the entry with the same kind and the same
 * `out` option: regenerating one target never duplicates it, and two targets of one kind can live side by side.
 * Written only when it changes, so a regenerate leaves the file untouched.
 */
export function recordGeneration(dir: string, entry: GenerateEntry): string {
  const path = join(dir, MANIFEST_FILE);
  const manifest = readManifest(dir) ?? { generate: [] };
  const index = manifest.generate.findIndex(
    (known) => known.kind === entry.kind && known.options.out === entry.options.out,
  );
  const generate = [...manifest.generate];
  if (index === -1) generate.push(entry);
  else generate[index] = entry;
  const text = `${JSON.stringify({ ...manifest, generate }, null, 2)}\n`;
  if (!existsSync(path) || readFileSync(path, "utf8") !== text) writeFileSync(path, text);
  return path;
}

function isEntry(value: unknown): value is GenerateEntry {
  if (typeof value !== "object" || value === null) return false;
  const { kind, inputs, options } = value as Record<string, unknown>;
  return (
    typeof kind === "string" &&
    Array.isArray(inputs) &&
    inputs.every((input) => typeof input === "string") &&
    typeof options === "object" &&
    options !== null &&
    !Array.isArray(options)
  );
}
