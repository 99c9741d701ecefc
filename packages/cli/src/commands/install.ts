import { existsSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import type { CommandDefinition, ParsedArgs } from "../args/command.js";
import { booleanOption, stringOption } from "../args/parse.js";
import { singleTarget } from "../client/connection-options.js";
import { CliError } from "../errors.js";
import { CONFIG_FLAG } from "../flags/config-flag.js";
import { styleFor } from "../format/style.js";
import { mergeEntry, readConfig, writeConfig } from "../install/config-file.js";
import {
  CLIENTS,
  type ClientId,
  currentPlatform,
  HOSTS,
  homeFolder,
  type Platform,
  type ServerSpec,
} from "../install/hosts.js";
import { closestMatch } from "../text.js";

/** Server names every host takes (Claude Code builds `mcp__<name>__<tool>` from it). */
const SERVER_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const HIDDEN = "<hidden>";

export const command: CommandDefinition = {
  usage: [
    "install --client CLIENT [--name NAME] [--env KEY=VALUE ...] [--print] [target]",
    "install --client CLIENT [options] -- <command> [args...]",
    "install --client CLIENT [options] --url URL",
  ],
  details: [
    "Merges an entry for the server into the host's user config file, keeping every other server and setting.",
    `Clients: ${CLIENTS.join(", ")}. The old file is backed up next to it (<file>.<time>.bak)`,
    "and the new one written to a temp file and renamed, so a failure leaves the old file as it was. Comments and",
    "trailing commas (JSONC, as in VS Code's mcp.json) are kept; a file that does not parse is never rewritten.",
    "Relative paths in the command become absolute (hosts start servers",
    "elsewhere). The target is `-- command args` (stdio), `--url URL` (HTTP), a built .js entry, or a project",
    "folder. --env values go into the entry's env block; they are never printed in full.",
  ].join("\n"),
  options: {
    ...CONFIG_FLAG,
    client: { type: "string", value: "CLIENT", description: `Which host: ${CLIENTS.join(", ")}` },
    name: { type: "string", value: "NAME", description: "The server's name in the host (default: from package.json)" },
    env: {
      type: "string",
      value: "KEY=VALUE",
      multiple: true,
      description: "An environment variable for a stdio server (repeat for more)",
    },
    url: { type: "string", value: "URL", description: "Install a Streamable HTTP endpoint instead of a process" },
    print: { type: "boolean", description: "Print the entry and where it would go; write nothing" },
  },
  examples: [
    "mcpsmith install --client claude-desktop            # the project in this folder",
    "mcpsmith install --client cursor --name weather --env API_KEY=sk-123 -- node dist/main.js",
    "mcpsmith install --client vscode --url http://127.0.0.1:3000/mcp --name weather",
    "mcpsmith install --client claude-code --print dist/main.js",
  ],
  async run(args, io) {
    const client = clientOption(args);
    const env = envOption(args);
    const target = await singleTarget(args, io, "install", "install --client cursor");
    if (target.kind === "http" && Object.keys(env).length > 0) {
      throw new CliError("E_USAGE", "--env is for servers the host starts (stdio); an HTTP server has its own.", {
        hint: "Drop --env, or install the server's command instead: `mcpsmith install --client cursor -- node dist/main.js`.",
      });
    }
    const spec: ServerSpec =
      target.kind === "http"
        ? { kind: "http", url: target.url.href }
        : {
            kind: "stdio",
            command: absoluteIfPath(target.command, io.cwd),
            args: target.args.map((arg) => absoluteIfPath(arg, io.cwd)),
            env,
          };
    const name = serverName(args, spec);

    const host = HOSTS[client];
    const platform: Platform = currentPlatform();
    const path = host.configPath(platform, io.env, homeFolder(platform, io.env, homedir()));
    const entry = host.entry(spec);
    const shown = snippet(host.serversKey, name, masked(entry));
    const style = styleFor(io.stdout, io.env);
    const notes = [
      ...(spec.kind === "http" && host.httpNote ? [host.httpNote] : []),
      ...(Object.keys(env).length > 0
        ? ["--env values are shown as <hidden>; they are stored in the file as given."]
        : []),
    ];

    if (booleanOption(args, "print", false)) {
      io.stdout.write(`${shown}\n`);
      io.stderr.write(`${style.dim(`# ${host.title}: merge into "${host.serversKey}" of ${path}`)}\n`);
      for (const note of notes) io.stderr.write(`${style.dim(`# ${note}`)}\n`);
      return 0;
    }

    const config = readConfig(path, shown);
    const merged = mergeEntry(config, host.serversKey, name, entry);
    const { outcome } = merged;
    if (outcome === "unchanged") {
      io.stdout.write(`${host.title} already has "${name}" as given in ${path}; nothing to change.\n`);
      return 0;
    }
    const backup = writeConfig(config, merged.text);
    const verb = outcome === "added" ? "Added" : "Replaced";
    io.stdout.write(`${style.green(`${verb} "${name}"`)} in ${host.title}'s config: ${path}\n`);
    io.stdout.write(backup ? `Backup of the previous file: ${backup}\n` : `Created the file (there was none).\n`);
    // What is in the file now (a replaced entry keeps keys and env variables of the old one), secrets hidden.
    io.stdout.write(`${snippet(host.serversKey, name, masked(merged.entry))}\n`);
    if (config.jsonc && !host.readsJsonc) {
      io.stdout.write(
        `${style.yellow("note:")} the file has comments or trailing commas, kept as you wrote them; ${host.title} documents plain JSON and may refuse the file until they are removed.\n`,
      );
    }
    for (const note of notes) io.stdout.write(`${style.dim(note)}\n`);
    io.stdout.write(`${host.afterwards}\n`);
    return 0;
  },
};

function clientOption(args: ParsedArgs): ClientId {
  const value = stringOption(args, "client");
  const valid = CLIENTS.join(", ");
  if (value === undefined) {
    throw new CliError("E_USAGE", `Say which host to install into with --client (${valid}).`, {
      hint: "For example `mcpsmith install --client claude-desktop -- node dist/main.js`.",
    });
  }
  if ((CLIENTS as readonly string[]).includes(value)) return value as ClientId;
  const guess = closestMatch(value, CLIENTS);
  throw new CliError("E_CLIENT_UNKNOWN", `Unknown client "${value}". mcpsmith installs into: ${valid}.`, {
    hint: guess ? `Did you mean --client ${guess}?` : "Run `mcpsmith install --help` for the hosts and examples.",
  });
}

function envOption(args: ParsedArgs): Record<string, string> {
  const raw = args.values.env;
  const pairs = Array.isArray(raw) ? raw : typeof raw === "string" ? [raw] : [];
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const split = pair.indexOf("=");
    const key = split === -1 ? pair : pair.slice(0, split);
    if (split === -1 || !ENV_NAME.test(key)) {
      throw new CliError(
        "E_USAGE",
        `--env takes KEY=VALUE with a variable name as KEY, got "${key}${split === -1 ? "" : "=…"}".`,
        {
          hint: "For example --env API_KEY=sk-123 --env REGION=eu (quote values with spaces).",
        },
      );
    }
    env[key] = pair.slice(split + 1);
  }
  return env;
}

/** A relative path to something that exists, made absolute: hosts start servers in a folder of their own. */
function absoluteIfPath(value: string, cwd: string): string {
  if (isAbsolute(value) || value.startsWith("-") || value.includes("=") || !/[\\/.]/.test(value)) return value;
  const full = resolve(cwd, value);
  return existsSync(full) ? full : value;
}

function serverName(args: ParsedArgs, spec: ServerSpec): string {
  const given = stringOption(args, "name");
  if (given !== undefined) {
    if (!SERVER_NAME.test(given)) {
      throw new CliError("E_USAGE", `--name must be 1-64 letters, digits, "_" or "-", got "${given}".`, {
        hint: "Hosts build tool names from it (Claude Code: mcp__<name>__<tool>); e.g. --name weather.",
      });
    }
    return given;
  }
  const derived = spec.kind === "http" ? nameFromUrl(spec.url) : nameFromCommand(spec);
  if (derived === undefined) {
    throw new CliError("E_USAGE", "Could not tell what to call the server.", {
      hint: "Name it with --name, e.g. `--name weather`.",
    });
  }
  return derived;
}

function nameFromUrl(url: string): string | undefined {
  const host = new URL(url).hostname;
  if (host === "localhost" || /^[\d.]+$/.test(host) || host.includes(":") || host.startsWith("[")) return undefined;
  const labels = host.split(".").filter((label) => !["www", "mcp", "api"].includes(label));
  return cleanName(labels.length > 1 ? labels[labels.length - 2]! : (labels[0] ?? ""));
}

/**
 * The package.json name of the project the server's files are in, else the package npx runs, else the file's
 * (or, for main.js and the like, its folder's) name, else the command.
 */
function nameFromCommand(spec: Extract<ServerSpec, { kind: "stdio" }>): string | undefined {
  const files = [...spec.args, spec.command].filter(
    (value) => isAbsolute(value) && value !== process.execPath && existsSync(value),
  );
  for (const file of files) {
    const name = packageName(statSync(file).isDirectory() ? file : dirname(file));
    if (name) return cleanName(name);
  }
  const packageArg = spec.args.find((arg) => !arg.startsWith("-"));
  if (packageArg && /^(npx|pnpx|bunx|uvx|pipx)$/.test(basename(spec.command))) {
    return cleanName(packageArg.replace(/(.)@[^/]*$/, "$1"));
  }
  if (files[0] !== undefined) return cleanName(fileName(files[0]));
  return cleanName(basename(spec.command).replace(/\.[cm]?js$/, ""));
}

/** `weather.js` -> weather; `my-server/dist/main.js` -> my-server. */
function fileName(file: string): string {
  const own = basename(file).replace(/\.[^.]+$/, "");
  if (!GENERIC_FILES.has(own)) return own;
  let folder = dirname(file);
  while (GENERIC_FOLDERS.has(basename(folder)) && dirname(folder) !== folder) folder = dirname(folder);
  return basename(folder);
}
const GENERIC_FILES = new Set(["main", "index", "server", "cli", "bin", "start"]);
const GENERIC_FOLDERS = new Set(["dist", "build", "lib", "out", "src", "bin"]);

function packageName(start: string): string | undefined {
  let folder = start;
  for (let depth = 0; depth < 6; depth++) {
    const manifest = join(folder, "package.json");
    if (existsSync(manifest)) {
      try {
        const name = (JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name;
        return typeof name === "string" ? name : undefined;
      } catch {
        return undefined;
      }
    }
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
  return undefined;
}

function cleanName(raw: string): string | undefined {
  const name = raw
    .replace(/^@[^/]+\//, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64);
  return name === "" ? undefined : name;
}

/** The entry with every env value replaced, for anything printed. */
function masked(entry: Record<string, unknown>): Record<string, unknown> {
  const env = entry.env as Record<string, string> | undefined;
  if (!env) return entry;
  return { ...entry, env: Object.fromEntries(Object.keys(env).map((key) => [key, HIDDEN])) };
}

function snippet(serversKey: string, name: string, entry: Record<string, unknown>): string {
  return JSON.stringify({ [serversKey]: { [name]: entry } }, null, 2);
}
