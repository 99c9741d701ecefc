import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, extname, join, relative, resolve } from "node:path";
import { CodegenError, type GenerateEntry } from "@mcpsmith/codegen";
import type { Command, ParsedArgs } from "../args/command.js";
import { booleanOption, stringOption } from "../args/parse.js";
import { CliError } from "../errors.js";
import type { Io } from "../io.js";
import { recordedTsGenerations } from "./dev-generate.js";
import { runDevSession } from "./dev-session.js";

export const command: Command = {
  name: "dev",
  usage: ["dev [entry] [options]", "dev [entry] --http [PORT]"],
  details: [
    "Runs the project's server and restarts it whenever its code changes. A TypeScript project (one with",
    "tsconfig.build.json or tsconfig.json) is compiled by its own tsc in watch mode: type errors are printed and",
    "the server that is running keeps answering until the code compiles again. Without tsconfig, the entry's",
    "folder is watched. The entry is package.json main (or bin) unless given; a .ts entry maps to its output.",
    "",
    "--http serves Streamable HTTP on 127.0.0.1 (port 3000 unless given; 0 picks a free one, kept across",
    "restarts) and prints the URL: connect `mcpsmith list --url URL`, the Inspector or a host to it.",
    "Over stdio (the default) dev is the server a host starts: put `mcpsmith dev` where the host's config has",
    "`node dist/main.js`. Requests go to the current server process; on a change dev waits until no request is",
    "in flight, starts the new build, replays the host's `initialize` to it, and carries on, so the host keeps",
    "its connection. Logs go to stderr. Ctrl-C (SIGINT) or the host closing stdin stops dev and the server.",
    "",
    "A project made by `mcpsmith generate ts` (or `mcpsmith new --template typescript`) is regenerated as",
    "mcpsmith.json records it, at start and whenever its sources change, before the restart: a new or edited",
    "@tool, @resource or @prompt function is served as soon as it compiles. Errors in the annotated sources are",
    "printed with file:line:column, and the last good build keeps serving until they are fixed.",
  ].join("\n"),
  options: {
    http: {
      type: "boolean",
      description: "Serve over Streamable HTTP instead of stdio; a number after it is the port",
    },
    port: { type: "string", value: "PORT", description: "Port for --http (default 3000; 0 picks a free one)" },
    tsconfig: {
      type: "string",
      value: "FILE",
      description: "tsconfig to compile (default tsconfig.build.json, else tsconfig.json)",
    },
  },
  examples: [
    "mcpsmith dev --http",
    "mcpsmith dev --http 0",
    "mcpsmith dev src/main.ts --http 8080",
    "# over stdio, as a host would start it (e.g. in .cursor/mcp.json)",
    'npx mcpsmith dev   # { "command": "npx", "args": ["mcpsmith", "dev"], "cwd": "/path/to/project" }',
  ],
  run: (args, io) => dev(args, io),
};

async function dev(args: ParsedArgs, io: Io): Promise<number> {
  const http = booleanOption(args, "http", false);
  // `--http 8080`: the port follows --http as a bare number (the parser sees it as a positional).
  const positionals = [...args.positionals];
  let portText = stringOption(args, "port");
  const numeric = positionals.findIndex((value) => /^\d+$/.test(value));
  if (http && portText === undefined && numeric !== -1) portText = positionals.splice(numeric, 1)[0];
  if (positionals.length > 1) {
    throw new CliError("E_USAGE", `dev takes one entry, got: ${positionals.join(" ")}`, {
      hint: "Give the server's entry (e.g. src/main.ts or dist/main.js), or nothing for the current project.",
    });
  }
  if (portText !== undefined && !http) {
    throw new CliError("E_USAGE", "--port only applies with --http.", {
      hint: "For example `mcpsmith dev --http 8080`.",
    });
  }
  const project = findProject(resolve(io.cwd, positionals[0] ?? "."));
  const tsc = typescriptSetup(project, stringOption(args, "tsconfig"), io.cwd);
  const entry = serverEntry(project, positionals[0] === undefined ? undefined : resolve(io.cwd, positionals[0]), tsc);
  const port = http ? await choosePort(portText) : undefined;
  const generations = tsc ? generateTsRuns(project) : [];
  return await runDevSession({ project, entry, tsc, generations, port, io });
}

/** The nearest folder at or above `start` with a package.json. */
function findProject(start: string): string {
  let folder = existsSync(start) && extname(start) === "" ? start : dirname(start);
  for (;;) {
    if (existsSync(join(folder, "package.json"))) return folder;
    const parent = dirname(folder);
    if (parent === folder) {
      throw new CliError("E_TARGET_MISSING", `No package.json at or above ${start}.`, {
        hint: "Run `mcpsmith dev` in a project folder (one made by `mcpsmith new`, for example).",
      });
    }
    folder = parent;
  }
}

/** The `generate ts` runs mcpsmith.json records, which dev repeats when the annotated sources change. */
function generateTsRuns(project: string): GenerateEntry[] {
  try {
    return recordedTsGenerations(project);
  } catch (error) {
    if (!(error instanceof CodegenError)) throw error;
    throw new CliError("E_USAGE", error.message, {
      hint: "Fix mcpsmith.json (or run `mcpsmith generate ts <inputs...>` again, which rewrites its entry).",
      cause: error,
    });
  }
}

export interface TscSetup {
  /** The project's own tsc (bin/tsc of its typescript package). */
  bin: string;
  config: string;
  rootDir: string;
  outDir: string;
}

function typescriptSetup(project: string, explicit: string | undefined, cwd: string): TscSetup | undefined {
  const config = explicit
    ? resolve(cwd, explicit)
    : ["tsconfig.build.json", "tsconfig.json"].map((name) => join(project, name)).find((path) => existsSync(path));
  if (config === undefined) return undefined;
  if (!existsSync(config)) {
    throw new CliError("E_TARGET_MISSING", `No tsconfig at ${config}.`, { hint: "Check the --tsconfig path." });
  }
  let bin: string;
  try {
    bin = createRequire(join(project, "package.json")).resolve("typescript/bin/tsc");
  } catch (error) {
    throw new CliError("E_TARGET_MISSING", `${project} has a tsconfig but no typescript installed.`, {
      hint: "Install the project's dependencies first (`npm install`), so dev compiles with the project's own tsc.",
      cause: error,
    });
  }
  const options = readCompilerOptions(config);
  const base = dirname(config);
  return {
    bin,
    config,
    rootDir: resolve(base, options.rootDir ?? "src"),
    outDir: resolve(base, options.outDir ?? "dist"),
  };
}

/** rootDir and outDir, following `extends` to relative files (tsc resolves them relative to each file). */
function readCompilerOptions(config: string, depth = 0): { rootDir?: string; outDir?: string } {
  let parsed: { extends?: unknown; compilerOptions?: { rootDir?: string; outDir?: string } };
  try {
    // tsconfig allows comments and trailing commas; strip the common forms before JSON.parse.
    const text = readFileSync(config, "utf8")
      .replace(/("(?:\\.|[^"\\])*")|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (_, string) => string ?? "")
      .replace(/,(\s*[}\]])/g, "$1");
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliError("E_USAGE", `Could not read ${config}: ${(error as Error).message}`, {
      hint: "Fix the tsconfig (run the project's `tsc` to see), or name another with --tsconfig.",
      cause: error,
    });
  }
  const own = parsed.compilerOptions ?? {};
  const inherited =
    typeof parsed.extends === "string" && parsed.extends.startsWith(".") && depth < 5
      ? readCompilerOptions(
          resolve(dirname(config), parsed.extends.endsWith(".json") ? parsed.extends : `${parsed.extends}.json`),
          depth + 1,
        )
      : {};
  const at = (value: string | undefined) => (value === undefined ? undefined : resolve(dirname(config), value));
  return {
    rootDir: at(own.rootDir) ?? inherited.rootDir,
    outDir: at(own.outDir) ?? inherited.outDir,
  };
}

/** The JavaScript file to run: the given entry (a .ts source maps to tsc's output) or package.json main/bin. */
function serverEntry(project: string, given: string | undefined, tsc: TscSetup | undefined): string {
  if (given !== undefined && extname(given) !== "") {
    if (/\.[mc]?ts$/.test(given)) {
      if (tsc === undefined) {
        throw new CliError("E_USAGE", `${given} is TypeScript, and ${project} has no tsconfig to compile it.`, {
          hint: "Add a tsconfig.json (rootDir src, outDir dist), or give the built .js entry.",
        });
      }
      const path = relative(tsc.rootDir, given);
      return join(
        tsc.outDir,
        path
          .replace(/\.ts$/, ".js")
          .replace(/\.mts$/, ".mjs")
          .replace(/\.cts$/, ".cjs"),
      );
    }
    return given;
  }
  const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as { main?: unknown; bin?: unknown };
  const bin =
    typeof manifest.bin === "string"
      ? manifest.bin
      : manifest.bin && typeof manifest.bin === "object" && Object.values(manifest.bin).length === 1
        ? Object.values(manifest.bin)[0]
        : undefined;
  const entry = typeof bin === "string" ? bin : typeof manifest.main === "string" ? manifest.main : undefined;
  if (entry === undefined) {
    throw new CliError("E_TARGET_MISSING", `${project}/package.json has no "main" or "bin" naming the server.`, {
      hint: 'Add `"main": "dist/main.js"`, or give the entry: `mcpsmith dev src/main.ts`.',
    });
  }
  return resolve(project, entry);
}

/** A fixed port for the whole session: `0` is resolved once here, so restarts keep the same URL. */
async function choosePort(text: string | undefined): Promise<number> {
  const port = text === undefined ? 3000 : Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new CliError("E_USAGE", `The port must be a number from 0 to 65535, got "${text}".`, {
      hint: "For example `mcpsmith dev --http 8080`, or 0 for a free port.",
    });
  }
  if (port !== 0) return port;
  return await new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => done(typeof address === "object" && address ? address.port : 3000));
    });
  });
}
