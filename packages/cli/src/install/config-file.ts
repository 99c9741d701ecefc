import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { type FormattingOptions, type ParseError, type ParseErrorCode, parse, printParseErrorCode } from "jsonc-parser";
import { CliError } from "../errors.js";
import { isJsonObject } from "../json.js";
import { formattingOf, indentOf, sameJson, withEntry } from "./jsonc-edit.js";

/** A host's config file as read from disk: its text and parsed object, and how to write it back looking the same. */
export interface ConfigFile {
  path: string;
  /** The file as it is (undefined when there is none): edits are applied to it, so the rest stays byte for byte. */
  text: string | undefined;
  data: Record<string, unknown>;
  /** The file has comments or trailing commas (JSONC, as VS Code writes and reads), not plain JSON. */
  jsonc: boolean;
  format: FormattingOptions;
  mode: number | undefined;
}

/**
 * Reads a config file as JSONC: comments and trailing commas are what VS Code's own files hold, so they are kept
 * when merging. A missing or blank file is an empty config; a file that does not parse (a syntax error) or whose
 * top level is not an object is refused: rewriting it would lose what the user wrote.
 */
export function readConfig(given: string, entryText: string): ConfigFile {
  const fresh = { data: {}, jsonc: false, format: formattingOf(""), text: undefined };
  if (!existsSync(given)) return { path: given, mode: undefined, ...fresh };
  // A symlinked config (dotfiles) is updated where it really lives, so the link stays a link.
  const path = realpathSync(given);
  const text = readFileSync(path, "utf8");
  const mode = statSync(path).mode & 0o777;
  if (text.trim() === "") return { path, mode, ...fresh };
  const errors: ParseError[] = [];
  const data: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const [first] = errors;
  if (first !== undefined) {
    const { line, column } = lineAndColumn(text, first.offset);
    throw new CliError(
      "E_CONFIG_INVALID",
      `${path} cannot be read: ${describeParseError(first.error)} at line ${line}, column ${column}; nothing written.`,
      {
        hint: `Fix the file there (your editor marks the spot; comments and trailing commas are fine), then run the command again. Or add this entry to it by hand:\n${entryText}`,
      },
    );
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new CliError("E_CONFIG_INVALID", `${path} does not hold a JSON object; nothing written.`, {
      hint: `Check the file; its top level should be { ... }. The entry to add:\n${entryText}`,
    });
  }
  return {
    path,
    text,
    data: data as Record<string, unknown>,
    jsonc: !isPlainJson(text),
    format: formattingOf(text),
    mode,
  };
}

export type MergeOutcome = "added" | "replaced" | "unchanged";

/**
 * Merges `entry` under `servers[name]`, every other key and server kept. A replaced entry keeps the keys mcpsmith
 * does not write (`disabled`, `alwaysAllow`, ...) and, for stdio, its env variables not given again. Returns the
 * entry as merged and the new file text: only the entry's own keys are edited, so the user's comments, order and
 * formatting everywhere else stay as they were.
 */
export function mergeEntry(
  config: ConfigFile,
  serversKey: string,
  name: string,
  entry: Record<string, unknown>,
): { entry: Record<string, unknown>; outcome: MergeOutcome; text: string } {
  const current = config.data[serversKey];
  if (current !== undefined && (current === null || typeof current !== "object" || Array.isArray(current))) {
    throw new CliError("E_CONFIG_INVALID", `"${serversKey}" in ${config.path} is not an object; nothing written.`, {
      hint: `Make "${serversKey}" an object of server entries ({ "name": { ... } }) and run the command again.`,
    });
  }
  const previous = (current as Record<string, unknown> | undefined)?.[name];
  const replaced = isJsonObject(previous) ? previous : undefined;
  const next = replaced ? mergedEntry(replaced, entry) : entry;
  const outcome: MergeOutcome = previous === undefined ? "added" : sameJson(previous, next) ? "unchanged" : "replaced";
  return { entry: next, outcome, text: editedText(config, serversKey, name, next, replaced) };
}

function mergedEntry(previous: Record<string, unknown>, entry: Record<string, unknown>): Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(previous).filter(([key]) => !TRANSPORT_KEYS.has(key)));
  const previousEnv = previous.env;
  const env: Record<string, unknown> | undefined =
    "command" in entry && previousEnv && typeof previousEnv === "object"
      ? { ...(previousEnv as Record<string, unknown>), ...((entry.env as Record<string, unknown>) ?? {}) }
      : (entry.env as Record<string, unknown> | undefined);
  return { ...kept, ...entry, ...(env !== undefined && Object.keys(env).length > 0 && { env }) };
}

/** The new file text: a new file written whole, an existing one edited in place (see jsonc-edit.ts). */
function editedText(
  config: ConfigFile,
  serversKey: string,
  name: string,
  next: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): string {
  if (config.text === undefined || config.text.trim() === "") {
    return `${JSON.stringify({ ...config.data, [serversKey]: { [name]: next } }, null, indentOf(config.format))}\n`;
  }
  return withEntry(config.text, serversKey, name, next, previous, config.format);
}

/** The keys that describe how to reach a server; everything else in an entry is the host's or the user's. */
const TRANSPORT_KEYS = new Set(["type", "command", "args", "env", "url", "cwd"]);

/**
 * Writes the config: a backup of the old file first (`<file>.<time>.bak`), then the new text to a temp file in the
 * same folder, renamed over the original, so a crash leaves either the old file or the new one, never half.
 */
export function writeConfig(config: ConfigFile, text: string, now = new Date()): string | undefined {
  const folder = dirname(config.path);
  let backup: string | undefined;
  const temp = join(folder, `.${basename(config.path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    mkdirSync(folder, { recursive: true });
    if (config.text !== undefined) {
      backup = `${config.path}.${now.toISOString().replace(/[:.]/g, "-")}.bak`;
      copyFileSync(config.path, backup);
    }
    // New files may hold secrets (--env): readable by the user only. Existing files keep their mode.
    writeFileSync(temp, text, { mode: config.mode ?? 0o600 });
    renameSync(temp, config.path);
    return backup;
  } catch (error) {
    rmSync(temp, { force: true });
    throw new CliError("E_WRITE_FAILED", `Could not write ${config.path}: ${(error as Error).message}`, {
      hint: "Check that the folder is writable; the original file was not changed. `--print` shows the entry to add by hand.",
      cause: error,
    });
  }
}

function isPlainJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** jsonc-parser's error codes in words ("PropertyNameExpected" -> "property name expected"). */
function describeParseError(code: ParseErrorCode): string {
  return printParseErrorCode(code)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
}
