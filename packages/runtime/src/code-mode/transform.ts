import { compileModel } from "../engine/compile.js";
import { middlewareHooks } from "../engine/hooks.js";
import type { Context } from "../model/context.js";
import { addResource, addTool } from "../model/members.js";
import { type ServeTarget, type TargetOptions, toModel } from "../model/resolve.js";
import type { ServerModel } from "../model/types.js";
import type { ApiCallPath } from "./api-call.js";
import { apiCatalog } from "./catalog.js";
import { type CodeModeOptions, resolveLimits } from "./options.js";
import type { CodeModeRunner } from "./runner.js";
import { codeModeToolDefinitions, DEFAULT_SEARCH_LIMIT, EXECUTE_TOOL, SEARCH_API_TOOL } from "./tools.js";

/** Where the whole declarations file is read (`resources/read`). */
export const DECLARATIONS_URI = "mcpsmith://code-mode/api.d.ts";

/**
 * Code mode, as a transform of any server: its tools become the functions of one typed `api`, reached through two
 * tools, `search_api` (signatures) and `execute` (code run in a QuickJS sandbox, each `api` call taking the path a
 * `tools/call` of that tool takes: scopes, the `tool` hooks of its middleware, validation, handler, output check).
 * Resources and prompts stay as they are; the API's declarations are one more resource. The model is validated
 * here, once, so a broken one fails at start-up as it would in tools mode. See docs/code-mode.md.
 *
 * @example
 * ```ts
 * import { codeMode } from "@mcpsmith/runtime/code-mode";
 * await serve(codeMode(app, { limits: { wallTimeMs: 5_000 } }));
 * ```
 */
export function codeMode(target: ServeTarget, options: CodeModeOptions & TargetOptions = {}): ServerModel {
  const inner = toModel(target, options);
  const compiled = compileModel(inner);
  const limits = resolveLimits(options.limits);
  const entries = apiCatalog(inner, compiled, options);
  const path: ApiCallPath = {
    toolHooks: middlewareHooks(inner.middleware).tool,
    requestState: compiled.requestState,
    asksForInput: new Set(),
  };
  // The declarations, the search index and the sandbox (runner.ts) are loaded and made at the first call or read:
  // the model is checked above, so what fails at start-up still does.
  let runner: Promise<CodeModeRunner> | undefined;
  const run = () =>
    (runner ??= import("./runner.js").then(({ codeModeRunner }) =>
      codeModeRunner({
        entries,
        path,
        limits,
        wasmModule: options.wasmModule,
        searchLimit: options.searchLimit ?? DEFAULT_SEARCH_LIMIT,
        declarationsUri: DECLARATIONS_URI,
      }),
    ));
  const subject = options.subject ?? inner.info.title ?? inner.info.name;
  const listed = entries.map((entry) => ({
    name: entry.name,
    group: entry.group,
    annotations: entry.tool.wire.annotations,
  }));
  const outer: ServerModel = { ...inner, tools: [], resources: [...inner.resources] };
  for (const { name, definition } of codeModeToolDefinitions(listed, subject, limits, options.searchLimit)) {
    const handler =
      name === SEARCH_API_TOOL
        ? async (args: { query: string; limit?: number }, ctx: Context) => (await run()).search(args, ctx)
        : async (args: { code: string }, ctx: Context) => (await run()).execute(args, ctx);
    addTool(outer, name, definition, handler, `codeMode ${name === EXECUTE_TOOL ? "execute" : "search_api"}`);
  }
  addResource(
    outer,
    DECLARATIONS_URI,
    "api.d.ts",
    {
      description: `The TypeScript declarations of code mode's \`api\` (${subject}): every function and type.`,
      mimeType: "text/typescript",
    },
    async () => (await run()).declarations(),
  );
  return outer;
}
