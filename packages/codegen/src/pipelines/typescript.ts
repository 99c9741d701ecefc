/**
 * The annotated TypeScript generator, end to end (`mcpsmith generate ts`): annotated exports in plain modules -> IR
 * (`sources/typescript`) -> a server module that imports them (`emit/typescript`). The entry of the
 * `@mcpsmith/codegen/pipelines/typescript` subpath, so the TypeScript compiler loads only for this command.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { estimateToolListTokens } from "../budget/tokens.js";
import { type EmittedFiles, emitTypeScriptServer } from "../emit/typescript/emit-server.js";
import { CodegenError } from "../errors.js";
import type { TypeScriptIR } from "../ir/typescript.js";
import { openAnnotated } from "../sources/typescript/annotated-source.js";
import { saveCodeCache } from "../sources/typescript/code-cache.js";

export const DEFAULT_OUT = "src/generated/server.ts";

export interface GenerateTsOptions {
  /** Files, folders or globs, relative to `cwd`. */
  inputs: readonly string[];
  cwd: string;
  /** The server module to write (default `src/generated/server.ts`); `main.ts` goes beside it. */
  out?: string;
  tsconfig?: string;
  transport?: "stdio" | "http";
  /** Longest tool name (default 64). */
  maxNameLength?: number;
  /** Default: the `name` (unscoped) and `version` of the nearest package.json above the output. */
  serverName?: string;
  serverVersion?: string;
}

export interface GenerateTsResult {
  ir: TypeScriptIR;
  files: EmittedFiles;
  /** Estimated tokens of the tools/list a client receives. */
  toolListTokens: number;
}

/** A `generate ts` kept open across edits (`mcpsmith dev`). */
export interface TsGeneration {
  /**
   * The files to write for the inputs as they are now, byte for byte what a fresh `generateTs` gives; `changed`
   * names the files (absolute) edited, added or deleted since the last run, which alone are parsed again.
   */
  run(changed?: readonly string[]): GenerateTsResult;
}

/** Reads the inputs and returns the files to write; writes nothing itself. */
export function generateTs(options: GenerateTsOptions): GenerateTsResult {
  return openTsGeneration(options).run();
}

export function openTsGeneration(options: GenerateTsOptions): TsGeneration {
  const outFile = resolve(options.cwd, options.out ?? DEFAULT_OUT);
  const reader = openAnnotated(options.inputs, {
    cwd: options.cwd,
    ...(options.tsconfig !== undefined && { tsconfig: options.tsconfig }),
    ...(options.maxNameLength !== undefined && { maxNameLength: options.maxNameLength }),
    exclude: [outFile, join(dirname(outFile), "main.ts")],
  });
  return {
    run(changed) {
      const result = emit(reader.load(changed), outFile, options);
      // The compiler's code cache, with what this run compiled (a no-op once written).
      saveCodeCache();
      return result;
    },
  };
}

function emit(ir: TypeScriptIR, outFile: string, options: GenerateTsOptions): GenerateTsResult {
  const info = packageInfo(dirname(outFile));
  const files = emitTypeScriptServer(ir, {
    outFile,
    serverName: options.serverName ?? info.name,
    serverVersion: options.serverVersion ?? info.version,
    transport: options.transport ?? "stdio",
    source: options.inputs.join(", "),
    regenerate: regenerateCommand(options),
  });
  const toolListTokens = estimateToolListTokens(
    ir.tools.map((tool) => ({
      name: tool.name,
      ...(tool.title !== undefined && { title: tool.title }),
      description: tool.description,
      inputSchema: tool.inputSchema,
      ...(tool.outputSchema && { outputSchema: tool.outputSchema }),
    })),
  );
  return { ir, files, toolListTokens };
}

/** The command line that repeats this run, for the generated header. */
function regenerateCommand(options: GenerateTsOptions): string {
  const words = ["mcpsmith generate ts", ...options.inputs];
  if (options.out !== undefined) words.push("--out", options.out);
  if (options.tsconfig !== undefined) words.push("--tsconfig", options.tsconfig);
  if (options.transport === "http") words.push("--transport", "http");
  if (options.maxNameLength !== undefined) words.push("--max-name-length", String(options.maxNameLength));
  return words.join(" ");
}

/** The server's name and version from the nearest package.json, so the generated server announces the project. */
function packageInfo(from: string): { name: string; version: string } {
  for (let dir = from; ; dir = dirname(dir)) {
    const path = join(dir, "package.json");
    if (existsSync(path)) {
      const json = readPackageJson(path);
      const name = typeof json.name === "string" ? json.name.replace(/^@[^/]+\//, "") : "mcp-server";
      return { name, version: typeof json.version === "string" ? json.version : "0.1.0" };
    }
    if (dirname(dir) === dir) return { name: "mcp-server", version: "0.1.0" };
  }
}

function readPackageJson(path: string): { name?: unknown; version?: unknown } {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as { name?: unknown; version?: unknown };
  } catch (error) {
    throw new CodegenError(
      "E_INPUT_MISSING",
      `${path} is not valid JSON; the generated server takes its name and version from it. Fix the file and run again.`,
      { cause: error },
    );
  }
}
