import { relative } from "node:path";
import type { Composition } from "@mcpsmith/codegen/compose";
import type { ServerBuild } from "@mcpsmith/codegen/serve";
import { thousands } from "@mcpsmith/runtime/internal";
import { styleFor } from "../../format/style.js";
import type { Io } from "../../io.js";
import { plural } from "../../text.js";

export interface ServeSummary {
  title: string;
  build: ServerBuild;
  /** `file#pointer: message`, ready to print. */
  warnings: string[];
  credentials: ServedCredential[];
  /** What is served, when the source says it better than "N operations as N tools" (databases: tables). */
  shape?: string;
  /** Releases what the server holds (a database connection) once it stops. */
  close?: () => Promise<void>;
}

/** A credential variable the server reads, and, where it forwards the scheme, the caller's header it takes instead. */
export interface ServedCredential {
  env: string;
  scheme: string;
  set: boolean;
  /** Over HTTP, the header each caller sends it in; `fallback`: the environment's value when a caller sends none. */
  forwarded?: { header: string; fallback: boolean };
}

/** `PETSTORE_API_KEY (api_key) is set`, or where the credential comes from when it is forwarded. */
export function credentialLine({ env, scheme, set, forwarded }: ServedCredential): string {
  const found = set ? "is set" : "is not set";
  if (forwarded === undefined) return `${env} (${scheme}) ${found}`;
  const from = `${env} (${scheme}) comes from each caller's ${forwarded.header} header`;
  return forwarded.fallback ? `${from}, else from the environment, where it ${found}` : from;
}

/**
 * What a composed server says on stderr before serving (stdout is the protocol): the catalogue and how it is
 * listed, then a line per source with its tools and their tokens, and the credentials its sources read.
 */
export function printComposition(composition: Composition, io: Io): void {
  const sources = plural(composition.sources.length, "source");
  const style = styleFor(io.stderr, io.env);
  const name = composition.model.info.name;
  const where = relative(io.cwd, composition.file) || composition.file;
  const tools = plural(composition.operations, "tool");
  const shape =
    composition.mode === "tools"
      ? tools
      : composition.mode === "code"
        ? `${tools} as code mode's typed api, behind 2 tools (search_api, execute)`
        : `${tools} behind 3 discovery tools (search_operations, describe_operation, call_operation)`;
  io.stderr.write(
    `${style.bold("mcpsmith serve")} ${name} (${where}): ${sources}, ${shape}; tools/list ≈ ${thousands(composition.toolListTokens)} tokens\n`,
  );
  const width = Math.max(...composition.sources.map((source) => source.key.length), 0);
  for (const source of composition.sources) {
    io.stderr.write(
      `  ${source.key.padEnd(width)}  ${source.kind.padEnd(10)} ${plural(source.tools, "tool").padStart(9)}  ≈ ${thousands(source.toolListTokens).padStart(6)} tokens  ${style.dim(source.title)}\n`,
    );
    for (const credential of source.credentials) {
      const label = credential.set ? style.green("credential") : style.yellow("credential");
      io.stderr.write(`    ${label} ${credentialLine(credential)}\n`);
    }
  }
}
