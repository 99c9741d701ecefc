/**
 * `mcpsmith dev`'s schema step (docs/types-as-schema.md): after each clean compile, before the server restarts,
 * the schemas of decorated methods are derived again, incrementally: one extractor lives for the session, and
 * only the files changed since the last compile (and the files importing them) are read again.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { watchSources } from "./sources.js";

export interface DevSchemas {
  /** Derives the schemas of what changed since the last call (everything, the first time) and writes them. */
  refresh(): Promise<void>;
  close(): void;
}

/** Only projects using the runtime's decorators have schemas to derive. */
export function usesDecorators(project: string): boolean {
  const path = join(project, "package.json");
  if (!existsSync(path)) return false;
  const manifest = JSON.parse(readFileSync(path, "utf8")) as Record<string, Record<string, string> | undefined>;
  return ["dependencies", "devDependencies", "peerDependencies"].some(
    (field) => manifest[field]?.["@mcpsmith/runtime"] !== undefined,
  );
}

export function watchSchemas(project: string, tsconfig: string, log: (text: string) => void): DevSchemas {
  const changed = new Set<string>();
  const watcher = watchSources(project, (file) => changed.add(file), log);
  let extractor: import("@mcpsmith/codegen/typescript").SchemaExtractor | undefined;
  let codegen: typeof import("@mcpsmith/codegen/typescript") | undefined;

  return {
    async refresh() {
      const started = performance.now();
      try {
        codegen ??= await import("@mcpsmith/codegen/typescript");
        const files = [...changed];
        changed.clear();
        const first = extractor === undefined || watcher === undefined;
        extractor ??= codegen.createSchemaExtractor(tsconfig);
        if (!first && files.length === 0) return;
        const extraction = first ? extractor.extract() : extractor.update(files);
        if (extraction.problems.length > 0) {
          for (const problem of extraction.problems) log(codegen.formatProblem(problem, project));
          log("schemas not updated: fix the types above (the running server keeps the last schemas)");
          return;
        }
        codegen.applySchemaFiles(codegen.planSchemaFiles(extraction, tsconfig));
        const tools = [...extraction.modules.values()].flat().length;
        const what = first ? "" : ` after ${files.map((file) => relative(project, file)).join(", ")}`;
        log(
          `schemas of ${tools} decorated method${tools === 1 ? "" : "s"} derived${what} (${Math.round(performance.now() - started)} ms)`,
        );
      } catch (error) {
        log(`schemas not derived: ${(error as Error).message}`);
      }
    },
    close() {
      watcher?.close();
    },
  };
}
