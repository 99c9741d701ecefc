import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, extname, join, relative, resolve } from "node:path";
import { CliError } from "../../errors.js";

// What `mcpsmith dev` runs and watches, found from the folder or entry it was given.

/** The nearest folder at or above `start` with a package.json. */
export function findProject(start: string): string {
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

export interface TscSetup {
  /** The project's own tsc (bin/tsc of its typescript package). */
  bin: string;
  config: string;
  rootDir: string;
  outDir: string;
}

export function typescriptSetup(project: string, explicit: string | undefined, cwd: string): TscSetup | undefined {
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
export function serverEntry(project: string, given: string | undefined, tsc: TscSetup | undefined): string {
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
export async function choosePort(text: string | undefined): Promise<number> {
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
