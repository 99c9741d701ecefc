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
import { CliError } from "../errors.js";

/** A host's config file as read from disk: the parsed object, and how to write it back looking the same. */
export interface ConfigFile {
  path: string;
  exists: boolean;
  data: Record<string, unknown>;
  indent: string | number;
  mode: number | undefined;
}

/**
 * Reads a JSON config file. A missing file is an empty config; a file that is not a JSON object (a syntax
 * error, comments, trailing commas) is refused: rewriting it would lose what the user wrote.
 */
export function readConfig(given: string, entryText: string): ConfigFile {
  if (!existsSync(given)) return { path: given, exists: false, data: {}, indent: 2, mode: undefined };
  // A symlinked config (dotfiles) is updated where it really lives, so the link stays a link.
  const path = realpathSync(given);
  const text = readFileSync(path, "utf8");
  const mode = statSync(path).mode & 0o777;
  if (text.trim() === "") return { path, exists: true, data: {}, indent: 2, mode };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CliError(
      "E_CONFIG_INVALID",
      `${path} is not valid JSON (${(error as Error).message}); nothing written.`,
      {
        hint: `Fix the file (comments and trailing commas are not JSON), or add this entry to it by hand:\n${entryText}`,
        cause: error,
      },
    );
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new CliError("E_CONFIG_INVALID", `${path} does not hold a JSON object; nothing written.`, {
      hint: `Check the file; its top level should be { ... }. The entry to add:\n${entryText}`,
    });
  }
  return { path, exists: true, data: data as Record<string, unknown>, indent: detectIndent(text), mode };
}

export type MergeOutcome = "added" | "replaced" | "unchanged";

/**
 * The config with `entry` under `servers[name]`, every other key and server kept. A replaced entry keeps the
 * keys mcpsmith does not write (`disabled`, `alwaysAllow`, ...) and, for stdio, its env variables not given again.
 */
export function mergeEntry(
  config: ConfigFile,
  serversKey: string,
  name: string,
  entry: Record<string, unknown>,
): { data: Record<string, unknown>; outcome: MergeOutcome } {
  const current = config.data[serversKey];
  if (current !== undefined && (current === null || typeof current !== "object" || Array.isArray(current))) {
    throw new CliError("E_CONFIG_INVALID", `"${serversKey}" in ${config.path} is not an object; nothing written.`, {
      hint: `Make "${serversKey}" an object of server entries ({ "name": { ... } }) and run the command again.`,
    });
  }
  const servers = { ...(current as Record<string, unknown> | undefined) };
  const previous = servers[name];
  let next = entry;
  if (previous && typeof previous === "object" && !Array.isArray(previous)) {
    const kept = Object.fromEntries(Object.entries(previous).filter(([key]) => !TRANSPORT_KEYS.has(key)));
    const previousEnv = (previous as { env?: unknown }).env;
    const env: Record<string, unknown> | undefined =
      "command" in entry && previousEnv && typeof previousEnv === "object"
        ? { ...(previousEnv as Record<string, unknown>), ...((entry.env as Record<string, unknown>) ?? {}) }
        : (entry.env as Record<string, unknown> | undefined);
    next = { ...kept, ...entry, ...(env !== undefined && Object.keys(env).length > 0 && { env }) };
  }
  const outcome: MergeOutcome =
    previous === undefined ? "added" : JSON.stringify(previous) === JSON.stringify(next) ? "unchanged" : "replaced";
  servers[name] = next;
  return { data: { ...config.data, [serversKey]: servers }, outcome };
}

/** The keys that describe how to reach a server; everything else in an entry is the host's or the user's. */
const TRANSPORT_KEYS = new Set(["type", "command", "args", "env", "url", "cwd"]);

/**
 * Writes the config: a backup of the old file first (`<file>.<time>.bak`), then the new text to a temp file in the
 * same folder, renamed over the original, so a crash leaves either the old file or the new one, never half.
 */
export function writeConfig(config: ConfigFile, data: Record<string, unknown>, now = new Date()): string | undefined {
  const folder = dirname(config.path);
  let backup: string | undefined;
  const temp = join(folder, `.${basename(config.path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    mkdirSync(folder, { recursive: true });
    if (config.exists) {
      backup = `${config.path}.${now.toISOString().replace(/[:.]/g, "-")}.bak`;
      copyFileSync(config.path, backup);
    }
    // New files may hold secrets (--env): readable by the user only. Existing files keep their mode.
    writeFileSync(temp, `${JSON.stringify(data, null, config.indent)}\n`, { mode: config.mode ?? 0o600 });
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

/** The indentation of the first indented line: a tab, or a number of spaces (2 when none is found). */
function detectIndent(text: string): string | number {
  const match = /^([ \t]+)\S/m.exec(text);
  if (!match) return 2;
  return match[1]!.startsWith("\t") ? "\t" : match[1]!.length;
}
