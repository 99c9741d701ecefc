import { compileJsonSchema } from "#json-validator";
import { McpsmithError } from "../errors.js";
import type { Context } from "../model/context.js";
import type { ToolOptions } from "../model/options.js";
import { ToolError } from "../results/tool-error.js";
import { describeIssues } from "../schema/compile.js";
import type { Issue, JsonSchema, Validation } from "../schema/types.js";
import { thousands } from "../text.js";
import { DEFAULT_PAGE_SIZE, type DiscoveryOptions, MAX_PAGE_SIZE, type Operation, summaryOf } from "./catalog.js";
import type { describeOperation } from "./describe.js";
import type { OperationIndex } from "./search.js";

/** One discovery tool, in the shape `server().tool(name, definition, handler)` takes. */
export interface DiscoveryTool {
  name: string;
  definition: Omit<ToolOptions, "name">;
  handler: (args: Record<string, unknown>, ctx: Context) => unknown;
}

export const SEARCH_TOOL = "search_operations";
export const DESCRIBE_TOOL = "describe_operation";
export const CALL_TOOL = "call_operation";

// Listing the groups in the search tool's description helps a model filter, but only while the list stays short:
// the point of discovery is a tools/list of constant size, whatever the number of operations or groups.
const GROUPS_HINT_MAX_CHARS = 300;
// The subject is repeated in each description: an API title of a paragraph must not grow the list.
const SUBJECT_MAX_CHARS = 100;

/**
 * Three tools that stand in for any number of operations: search them (paged), describe one (its input
 * schema), call one by name (arguments validated against that schema, errors naming the field). The
 * `tools/list` they make has the same size for 3 operations or 11,422. Operations keep their own handlers,
 * so a call through `call_operation` does exactly what the operation's own tool would.
 *
 * @example
 * ```ts
 * const app = server({ name: "github", version: "1.0.0" });
 * for (const tool of discoveryTools(operations, { subject: "the GitHub REST API" })) {
 *   app.tool(tool.name, tool.definition, tool.handler);
 * }
 * ```
 */
export function discoveryTools(operations: readonly Operation[], options: DiscoveryOptions = {}): DiscoveryTool[] {
  const byName = new Map<string, Operation>();
  for (const operation of operations) {
    if (byName.has(operation.name)) {
      throw new McpsmithError("E_MODEL_INVALID", `discoveryTools: two operations are named "${operation.name}"`);
    }
    byName.set(operation.name, operation);
  }
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const validators = new Map<string, (value: unknown) => Validation>();
  // The search index and the describer are loaded, and the index built, at the first call: a server starts without
  // them (and a generated project that serves its tools as they are never loads them).
  let parts: Promise<{ index: OperationIndex; describe: typeof describeOperation }> | undefined;
  const loaded = () =>
    (parts ??= Promise.all([import("./search.js"), import("./describe.js")]).then(([search, describe]) => ({
      index: new search.OperationIndex(operations),
      describe: describe.describeOperation,
    })));

  const find = async (name: unknown): Promise<Operation> => {
    const operation = typeof name === "string" ? byName.get(name) : undefined;
    if (operation) return operation;
    const { index } = await loaded();
    const near = typeof name === "string" ? index.suggest(name) : [];
    throw new ToolError(
      `name: no operation is named ${JSON.stringify(name)}.${near.length > 0 ? ` Did you mean ${near.join(", ")}?` : ""} Use ${SEARCH_TOOL} to find operation names.`,
    );
  };

  // Compiled on first call, not up front: serving 11,422 operations must not mean compiling 11,422 validators.
  const validatorOf = (operation: Operation) => {
    let validate = validators.get(operation.name);
    if (!validate) {
      try {
        validate = compileJsonSchema(operation.inputSchema);
      } catch (cause) {
        throw new ToolError(
          `Operation "${operation.name}" has an input schema that cannot be used: ${(cause as Error).message}`,
          {
            cause,
          },
        );
      }
      validators.set(operation.name, validate);
    }
    return validate;
  };

  const handlers: Record<string, DiscoveryTool["handler"]> = {
    [SEARCH_TOOL]: async (args) =>
      (await loaded()).index.search({
        query: args.query as string | undefined,
        group: args.group as string | undefined,
        cursor: args.cursor as string | undefined,
        limit: (args.limit as number | undefined) ?? pageSize,
      }),
    [DESCRIBE_TOOL]: async (args) =>
      (await loaded()).describe(await find(args.name), args.definitions as string[] | undefined),
    [CALL_TOOL]: async (args, ctx) => {
      const operation = await find(args.name);
      const checked = validatorOf(operation)(args.arguments ?? {});
      if (!checked.ok) {
        throw new ToolError(
          `Invalid arguments for operation "${operation.name}": ${describeIssues(checked.issues.map(underArguments))}. ${DESCRIBE_TOOL} gives its input schema.`,
        );
      }
      return await operation.handler(checked.value as Record<string, unknown>, ctx);
    },
  };
  return discoveryToolDefinitions(operations, options).map((tool) => ({ ...tool, handler: handlers[tool.name]! }));
}

/**
 * What the three discovery tools list (names, descriptions, input schemas, hints), without building the search
 * index or any handler: enough to know the size of their `tools/list` (`mcpsmith generate` reports it). It
 * reads only what the listing depends on: how many operations there are, their groups and their hints.
 */
export function discoveryToolDefinitions(
  operations: readonly Pick<Operation, "group" | "annotations">[],
  options: DiscoveryOptions = {},
): Omit<DiscoveryTool, "handler">[] {
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const maxPageSize = Math.max(options.maxPageSize ?? MAX_PAGE_SIZE, pageSize);
  const subject = summaryOf(options.subject ?? "this server", SUBJECT_MAX_CHARS);
  const count = thousands(operations.length);
  return [
    {
      name: SEARCH_TOOL,
      definition: {
        description: [
          `Search the ${count} operations of ${subject} by words from their name, summary, group or path.`,
          `Returns names with one-line summaries, best match first, ${pageSize} per page: pass nextCursor back as cursor, with the same query and group, for more.`,
          `Then ${DESCRIBE_TOOL} gives an operation's arguments and ${CALL_TOOL} runs it.${groupsHint(operations)}`,
        ].join(" "),
        input: searchInput(pageSize, maxPageSize),
        readOnly: true,
        openWorld: false,
      },
    },
    {
      name: DESCRIBE_TOOL,
      definition: {
        description: `Describe one operation of ${subject}: what it does and the JSON Schema of the arguments ${CALL_TOOL} takes for it.`,
        input: {
          type: "object",
          properties: {
            name: { type: "string", description: `The operation's name, as ${SEARCH_TOOL} returns it` },
            definitions: {
              type: "array",
              items: { type: "string" },
              description: "Only these $defs of a schema too large to send whole",
            },
          },
          required: ["name"],
        },
        readOnly: true,
        openWorld: false,
      },
    },
    {
      name: CALL_TOOL,
      definition: {
        description: `Call one operation of ${subject} by name. The arguments must match the inputSchema ${DESCRIBE_TOOL} gives; a mismatch is answered with the fields to fix, and nothing is run.`,
        input: {
          type: "object",
          properties: {
            name: { type: "string", description: `The operation's name, as ${SEARCH_TOOL} returns it` },
            arguments: { type: "object", description: "The operation's arguments" },
          },
          required: ["name"],
        },
        ...callHints(operations),
      },
    },
  ];
}

/** Issues are found inside `arguments`; say so, so the model fixes the right object. */
function underArguments(issue: Issue): Issue {
  return { ...issue, path: issue.path === "(root)" ? "arguments" : `arguments.${issue.path}` };
}

function searchInput(pageSize: number, maxPageSize: number): JsonSchema {
  return {
    type: "object",
    properties: {
      query: { type: "string", description: 'Words to look for, e.g. "list pets"; empty matches every operation' },
      group: { type: "string", description: "Only operations of this group" },
      cursor: { type: "string", description: "nextCursor of the previous page" },
      limit: { type: "integer", minimum: 1, maximum: maxPageSize, default: pageSize },
    },
  };
}

function groupsHint(operations: readonly Pick<Operation, "group">[]): string {
  const groups = [...new Set(operations.flatMap((operation) => (operation.group ? [operation.group] : [])))];
  const list = groups.join(", ");
  return groups.length > 0 && list.length <= GROUPS_HINT_MAX_CHARS ? ` Groups: ${list}.` : "";
}

/** `call_operation` is read-only when every operation is, and reaches the outside world when any does. */
function callHints(operations: readonly Pick<Operation, "annotations">[]): Pick<ToolOptions, "readOnly" | "openWorld"> {
  const all = operations.length > 0 && operations.every((operation) => operation.annotations?.readOnlyHint === true);
  const any = operations.some((operation) => operation.annotations?.openWorldHint === true);
  return { ...(all && { readOnly: true }), ...(any && { openWorld: true }) };
}
