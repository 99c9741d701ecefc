import type { ToolOptions } from "../model/options.js";
import type { ToolAnnotations } from "../model/types.js";
import { thousands } from "../text.js";
import { apiIndex } from "./index-text.js";
import { type CodeModeLimits, DEFAULT_LIMITS } from "./options.js";

export const SEARCH_API_TOOL = "search_api";
export const EXECUTE_TOOL = "execute";

/** Results `search_api` gives when asked for no `limit`, and the most it gives. */
export const DEFAULT_SEARCH_LIMIT = 5;
export const MAX_SEARCH_LIMIT = 20;

// The index is the one part of the list that grows with the API: it is cut to this, so the two tools' tools/list
// stays under 1,000 tokens for any catalogue (Microsoft Graph's eleven thousand operations included).
const INDEX_MAX_CHARS = 1_400;
const SUBJECT_MAX_CHARS = 100;

/** What the two tools' listing depends on: each function's name, group and hints. */
export interface ListedFunction {
  readonly name: string;
  readonly group?: string | undefined;
  readonly annotations?: ToolAnnotations | undefined;
}

export interface CodeModeToolDefinition {
  name: string;
  definition: Omit<ToolOptions, "name">;
}

/**
 * The two tools of code mode as `server().tool(name, definition, ...)` takes them, without their handlers: what
 * they list for an API, so its `tools/list` can be measured without building anything (`mcpsmith generate`).
 */
export function codeModeToolDefinitions(
  functions: readonly ListedFunction[],
  subject: string,
  limits: CodeModeLimits = DEFAULT_LIMITS,
  searchLimit = DEFAULT_SEARCH_LIMIT,
): CodeModeToolDefinition[] {
  const about = subject.length <= SUBJECT_MAX_CHARS ? subject : `${subject.slice(0, SUBJECT_MAX_CHARS - 1)}…`;
  const count = thousands(functions.length);
  return [
    {
      name: SEARCH_API_TOOL,
      definition: {
        description: [
          `Search the ${count} functions of \`api\` (${about}) by words from their name, description or group.`,
          "Answers with how to call each and their TypeScript declarations: argument and result types.",
          `Then write code that calls them and run it with ${EXECUTE_TOOL}.`,
        ].join(" "),
        input: {
          type: "object",
          properties: {
            query: { type: "string", description: 'Words to look for, e.g. "list issues"' },
            limit: { type: "integer", minimum: 1, maximum: MAX_SEARCH_LIMIT, default: searchLimit },
          },
          required: ["query"],
        },
        readOnly: true,
        openWorld: false,
      },
    },
    {
      name: EXECUTE_TOOL,
      definition: {
        description: [
          "Run JavaScript or TypeScript in a sandbox, as the body of an async function, and get back what it returns",
          `(JSON) with what it logged: \`{ result, logs }\`. \`api\` holds one async function per operation of ${about}:`,
          '`await api.name({ ...args })`, or `api["some-name"](args)` for a name that is not an identifier.',
          "A failed call throws `ApiError` (catch it to go on). Chain calls and filter in code: only the result comes back.",
          "No network, files, timers or modules.",
          `Limits: ${limits.wallTimeMs / 1000} s, ${limits.apiCalls} api calls, ${Math.round(limits.resultBytes / 1024)} KiB answer.`,
          `${apiIndex(functions, INDEX_MAX_CHARS)} ${SEARCH_API_TOOL} gives their types.`,
        ].join(" "),
        input: {
          type: "object",
          properties: {
            code: {
              type: "string",
              description: "Statements of an async function body; `return` the answer, e.g. `return await api.x({})`",
            },
          },
          required: ["code"],
        },
        ...executeHints(functions),
      },
    },
  ];
}

/** `execute` is read-only when every function is, destructive when any is, open-world when any is. */
function executeHints(
  functions: readonly ListedFunction[],
): Pick<ToolOptions, "readOnly" | "destructive" | "openWorld"> {
  const readOnly = functions.length > 0 && functions.every((fn) => fn.annotations?.readOnlyHint === true);
  const destructive = functions.some((fn) => fn.annotations?.destructiveHint === true);
  const openWorld = functions.some((fn) => fn.annotations?.openWorldHint === true);
  return readOnly ? { readOnly: true, openWorld } : { readOnly: false, destructive, openWorld };
}
