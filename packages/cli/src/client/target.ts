import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, relative, resolve } from "node:path";
import type { ParsedArgs } from "../args/command.js";
import { stringOption } from "../args/parse.js";
import { cliBin } from "../cli-bin.js";
import { CliError } from "../errors.js";

/** The server a command talks to: a process over stdio, or a Streamable HTTP endpoint. */
export type Target =
  | {
      kind: "stdio";
      command: string;
      args: string[];
      cwd: string;
      label: string;
      /** The `mcpsmith.config.*` this process serves, when it is a config's composed server. */
      config?: string;
    }
  | { kind: "http"; url: URL; label: string };

const HOW_TO_NAME_A_SERVER = [
  "Name the server one of these ways:",
  "  mcpsmith <command> -- node dist/main.js            (a process over stdio; anything after -- is its command line)",
  "  mcpsmith <command> --url http://127.0.0.1:3000/mcp (a running HTTP server)",
  "  mcpsmith <command> dist/main.js                    (a built JavaScript entry, run with this node)",
  '  mcpsmith <command> ./my-server                     (a project folder whose package.json has "main")',
].join("\n");

/**
 * Works out the target from `-- command args`, `--url`, or one positional (URL, .js file or project folder;
 * the current folder when nothing is given).
 */
export function resolveTarget(args: ParsedArgs, positional: string | undefined, cwd: string, name: string): Target {
  const url = stringOption(args, "url");
  const given = [args.rest.length > 0, url !== undefined, positional !== undefined].filter(Boolean).length;
  if (given > 1) {
    throw new CliError("E_USAGE", "Give one server: either `-- command args`, `--url URL` or a path, not several.", {
      hint: HOW_TO_NAME_A_SERVER.replaceAll("<command>", name),
    });
  }
  if (args.rest.length > 0) {
    const [command, ...rest] = args.rest as [string, ...string[]];
    return { kind: "stdio", command, args: rest, cwd, label: args.rest.join(" ") };
  }
  if (url !== undefined) return httpTarget(url, name);
  if (positional !== undefined && /^https?:\/\//i.test(positional)) return httpTarget(positional, name);
  return pathTarget(positional ?? ".", cwd, name, positional === undefined);
}

function httpTarget(text: string, name: string): Target {
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("not http");
    return { kind: "http", url, label: url.href };
  } catch {
    throw new CliError("E_USAGE", `"${text}" is not an http(s) URL.`, {
      hint: `Write the full endpoint, e.g. \`mcpsmith ${name} --url http://127.0.0.1:3000/mcp\`.`,
    });
  }
}

function pathTarget(path: string, cwd: string, name: string, implicit: boolean): Target {
  const full = resolve(cwd, path);
  const hint = HOW_TO_NAME_A_SERVER.replaceAll("<command>", name);
  if (!existsSync(full)) {
    throw new CliError("E_TARGET_MISSING", `No file or folder at ${full}.`, { hint });
  }
  const entry = statSync(full).isDirectory() ? projectEntry(full, implicit, hint) : full;
  const extension = extname(entry);
  if (extension === ".ts" || extension === ".mts" || extension === ".cts") {
    throw new CliError("E_TARGET_MISSING", `${entry} is TypeScript; node runs the built JavaScript.`, {
      hint: "Build the project (`npm run build`) and point at the output, e.g. `dist/main.js`.",
    });
  }
  if (!existsSync(entry)) {
    throw new CliError("E_TARGET_MISSING", `The server entry ${entry} does not exist.`, {
      hint: "Build the project first (`npm run build`), or name the entry file directly.",
    });
  }
  return { kind: "stdio", command: process.execPath, args: [entry], cwd, label: `node ${entry}` };
}

/** A project folder's server entry: its package.json `bin` (when there is one) or `main`. */
function projectEntry(folder: string, implicit: boolean, hint: string): string {
  const manifestPath = resolve(folder, "package.json");
  const manifest = existsSync(manifestPath) ? readManifest(manifestPath) : undefined;
  const bin = manifest?.bin;
  const binEntry =
    typeof bin === "string"
      ? bin
      : bin && typeof bin === "object"
        ? singleValue(bin as Record<string, unknown>)
        : undefined;
  const entry = binEntry ?? (typeof manifest?.main === "string" ? manifest.main : undefined);
  if (entry === undefined) {
    const where = implicit ? "No server given, and the current folder" : `The folder ${folder}`;
    throw new CliError("E_TARGET_MISSING", `${where} has no package.json with a "main" or "bin" entry.`, { hint });
  }
  return resolve(folder, entry);
}

function readManifest(path: string): { main?: unknown; bin?: unknown } {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as { main?: unknown; bin?: unknown };
  } catch (error) {
    throw new CliError("E_TARGET_MISSING", `${path} is not valid JSON (${(error as Error).message}).`, {
      hint: "Fix the project's package.json, or name the server directly: `-- node dist/main.js` or the built .js file.",
      cause: error,
    });
  }
}

function singleValue(record: Record<string, unknown>): string | undefined {
  const values = Object.values(record);
  return values.length === 1 && typeof values[0] === "string" ? values[0] : undefined;
}

/**
 * A config's composed server, as `mcpsmith serve --config FILE` runs it over stdio: what `list`, `call` and
 * `doctor` talk to when the folder has `mcpsmith.config.*` (or `--config` names one).
 */
export function configTarget(file: string, cwd: string): Target {
  const shown = relative(cwd, file) || file;
  return {
    kind: "stdio",
    command: process.execPath,
    args: [cliBin(), "serve", "--config", file, "--stdio"],
    cwd: dirname(file),
    label: `mcpsmith serve --config ${shown}`,
    config: file,
  };
}
