import type { Context } from "../model/context.js";
import { structuredWithText } from "../results/structured.js";
import { type ApiCallPath, scopesMissing } from "./api-call.js";
import type { ApiEntry } from "./catalog.js";
import { ApiDeclarations } from "./declarations/api-file.js";
import { executeHandler } from "./execute.js";
import type { CodeModeLimits, WasmModuleSource } from "./options.js";
import { ApiSearch, type SearchAnswer, searchText } from "./search.js";

export interface RunnerSetup {
  readonly entries: readonly ApiEntry[];
  readonly path: ApiCallPath;
  readonly limits: CodeModeLimits;
  readonly wasmModule: WasmModuleSource | undefined;
  readonly searchLimit: number;
  readonly declarationsUri: string;
}

/** What code mode's two tools and its declarations resource run on, made at their first use (transform.ts). */
export interface CodeModeRunner {
  search(args: { query: string; limit?: number }, ctx: Context): unknown;
  execute(args: { code: string }, ctx: Context): Promise<unknown>;
  declarations(): string;
}

/**
 * The API's declarations, its search index and the sandbox's runner: the larger part of code mode, loaded by the
 * first `search_api`, `execute` or read of the declarations, not by a server that starts (or one that imports code
 * mode and serves its tools as they are).
 */
export function codeModeRunner(setup: RunnerSetup): CodeModeRunner {
  const { entries, path } = setup;
  const declarations = new ApiDeclarations(
    entries.map((entry) => ({
      name: entry.name,
      description: entry.description,
      inputSchema: entry.tool.input.json,
      ...((entry.tool.output?.json ?? entry.textResultSchema) && {
        resultSchema: entry.tool.output?.json ?? entry.textResultSchema,
      }),
      ...(entry.refusal !== undefined && { refusal: entry.refusal }),
    })),
  );
  const search = new ApiSearch(entries, declarations, path.asksForInput, setup.searchLimit, setup.declarationsUri);
  return {
    search: (args, ctx) =>
      searchResult(search.answer(args.query, args.limit, (entry) => scopesMissing(ctx, entry.tool).length === 0)),
    execute: executeHandler({
      entries: new Map(entries.map((entry) => [entry.name, entry])),
      path,
      limits: setup.limits,
      wasmModule: setup.wasmModule,
    }),
    declarations: () => declarations.file(),
  };
}

/** `search_api`'s result: the answer as structured content, and as TypeScript for the model to read. */
function searchResult(answer: SearchAnswer) {
  return structuredWithText({ ...answer }, searchText(answer));
}
