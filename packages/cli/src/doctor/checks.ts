import {
  CLIENT_TOOL_LIMITS,
  DEFAULT_MAX_TOOL_NAME_LENGTH,
  estimateTokens,
  safeToolName,
  toolNamePattern,
  UNSAFE_TOOL_NAME_CHARACTER,
} from "@mcpsmith/codegen";
import { TOOL_NAME, TOOL_NAME_RULE } from "@mcpsmith/runtime/internal";

export type Severity = "error" | "warning";

export interface Finding {
  severity: Severity;
  /** Stable identifier of the check, for scripts reading --json. */
  check: string;
  /** The tool concerned, when the finding is about one. */
  tool?: string;
  message: string;
  /** What to do about it. */
  fix: string;
}

export interface Report {
  tools: number;
  toolListTokens: number;
  findings: Finding[];
  errors: number;
  warnings: number;
}

/**
 * The tool names every major host accepts (SPEC-NOTES "What clients accept"): the names the generators make. A
 * name outside the MCP specification's own rule (the runtime's `TOOL_NAME`) is invalid everywhere.
 */
export const SAFE_TOOL_NAME = toolNamePattern();
/** Above this many estimated tokens, tools/list is a noticeable share of every conversation's context. */
export const TOOL_LIST_TOKEN_WARNING = 10_000;
/** Above this many estimated tokens, one tool's input schema is huge. */
export const SCHEMA_TOKEN_WARNING = 2_000;
/** Names longer than this leave little room for host prefixes (Cursor counts server + tool against 60). */
const LONG_NAME = 40;

/** Checks a raw tools/list (every page) for what hosts reject, truncate or handle badly. */
export function checkTools(rawTools: readonly unknown[]): Report {
  const findings: Finding[] = [];
  const tools = rawTools.map(asTool);
  const seen = new Map<string, number>();
  const seenFolded = new Map<string, string>();

  for (const tool of tools) {
    const { name } = tool;
    if (typeof name !== "string" || name === "") {
      findings.push({
        severity: "error",
        check: "name-missing",
        message: "A tool has no name.",
        fix: "Give every tool a name; hosts cannot call a tool without one.",
      });
      continue;
    }
    findings.push(...nameFindings(name));

    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    if (count === 2) {
      findings.push({
        severity: "error",
        check: "name-duplicate",
        tool: name,
        message: `More than one tool is named "${name}"; hosts keep one of them or refuse the list.`,
        fix: "Give each tool its own name.",
      });
    } else if (count === 1) {
      const folded = name.toLowerCase();
      const other = seenFolded.get(folded);
      if (other !== undefined) {
        findings.push({
          severity: "warning",
          check: "name-case-duplicate",
          tool: name,
          message: `"${name}" and "${other}" differ only in case; hosts that fold case see one tool.`,
          fix: "Make the names differ by more than case.",
        });
      } else seenFolded.set(folded, name);
    }

    if (typeof tool.description !== "string" || tool.description.trim() === "") {
      findings.push({
        severity: "warning",
        check: "description-missing",
        tool: name,
        message: `"${name}" has no description; models choose tools by their descriptions.`,
        fix: "Say what the tool does and when to use it, in a sentence or two.",
      });
    }

    const schema = tool.inputSchema;
    if (!isObjectSchema(schema)) {
      findings.push({
        severity: "error",
        check: "schema-not-object",
        tool: name,
        message: `"${name}" has an input schema whose root is ${describeRoot(schema)}, not { "type": "object" }; the Anthropic and OpenAI APIs refuse such tools, and hosts drop them or fail the whole list.`,
        fix: 'Make the input schema an object (`{ "type": "object", "properties": { ... } }`); wrap a single value in a property.',
      });
    } else {
      const tokens = estimateTokens(schema);
      if (tokens > SCHEMA_TOKEN_WARNING) {
        findings.push({
          severity: "warning",
          check: "schema-huge",
          tool: name,
          message: `"${name}" has an input schema of ≈${tokens.toLocaleString("en-US")} tokens (more than ${SCHEMA_TOKEN_WARNING.toLocaleString("en-US")}).`,
          fix: "Trim it: drop long descriptions and examples, replace deep nested objects with fewer, flatter parameters, or split the tool.",
        });
      }
    }
  }

  const count = tools.length;
  if (count > CLIENT_TOOL_LIMITS.cursor) {
    const over = [
      ...(count > CLIENT_TOOL_LIMITS.vscode ? [`VS Code/Copilot refuses more than ${CLIENT_TOOL_LIMITS.vscode}`] : []),
      ...(count > CLIENT_TOOL_LIMITS.windsurf ? [`Windsurf takes ${CLIENT_TOOL_LIMITS.windsurf}`] : []),
      `Cursor uses the first ${CLIENT_TOOL_LIMITS.cursor}`,
    ];
    findings.push({
      severity: count > CLIENT_TOOL_LIMITS.vscode ? "error" : "warning",
      check: "too-many-tools",
      message: `${count} tools: ${over.join("; ")}.`,
      fix: "Expose fewer tools: group operations into fewer tools with an action parameter, leave rarely used ones out, or split the server in two.",
    });
  }

  // The list exactly as sent (estimateToolListTokens measures `{ tools }` the same way).
  const toolListTokens = estimateTokens({ tools: rawTools });
  if (toolListTokens > TOOL_LIST_TOKEN_WARNING) {
    findings.push({
      severity: "warning",
      check: "tool-list-large",
      message: `tools/list is ≈${toolListTokens.toLocaleString("en-US")} tokens (more than ${TOOL_LIST_TOKEN_WARNING.toLocaleString("en-US")}), taken from the model's context in every conversation.`,
      fix: "Shorten descriptions and schemas, or expose fewer tools.",
    });
  }

  return {
    tools: count,
    toolListTokens,
    findings,
    errors: findings.filter((finding) => finding.severity === "error").length,
    warnings: findings.filter((finding) => finding.severity === "warning").length,
  };
}

function nameFindings(name: string): Finding[] {
  if (SAFE_TOOL_NAME.test(name)) {
    if (name.length <= LONG_NAME) return [];
    return [
      {
        severity: "warning",
        check: "name-long",
        tool: name,
        message: `"${name}" is ${name.length} characters; Cursor counts server and tool name together against 60, and Claude Code's mcp__<server>__ prefix counts toward Anthropic's 64.`,
        fix: `Shorten it to ${LONG_NAME} characters or fewer.`,
      },
    ];
  }
  const suggestion = safeToolName(name);
  const fix = `Rename it to match ${SAFE_TOOL_NAME.source}, e.g. "${suggestion}".`;
  if (!TOOL_NAME.test(name)) {
    return [
      {
        severity: "error",
        check: "name-invalid",
        tool: name,
        message: `"${name}" is not a valid MCP tool name (${TOOL_NAME_RULE}); every host may refuse it.`,
        fix,
      },
    ];
  }
  const unsafe = UNSAFE_TOOL_NAME_CHARACTER.exec(name);
  if (name.length > DEFAULT_MAX_TOOL_NAME_LENGTH || unsafe !== null) {
    const reason =
      name.length > DEFAULT_MAX_TOOL_NAME_LENGTH
        ? `is ${name.length} characters (more than ${DEFAULT_MAX_TOOL_NAME_LENGTH})`
        : `contains "${unsafe![0]}"`;
    return [
      {
        severity: "error",
        check: "name-unsafe",
        tool: name,
        message: `"${name}" ${reason}: Claude Desktop and Claude Code (Anthropic API, ^[a-zA-Z0-9_-]{1,64}$), OpenAI-backed hosts and VS Code/Copilot${name.includes(".") ? " (which rejects dots)" : ""} reject it.`,
        fix,
      },
    ];
  }
  return [
    {
      severity: "warning",
      check: "name-start",
      tool: name,
      message: `"${name}" starts with "${name[0]}"; Gemini-backed hosts need a letter or "_" first.`,
      fix,
    },
  ];
}

interface LooseTool {
  name?: unknown;
  description?: unknown;
  inputSchema?: unknown;
  [key: string]: unknown;
}

function asTool(value: unknown): LooseTool {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as LooseTool) : {};
}

function isObjectSchema(schema: unknown): boolean {
  return (
    schema !== null &&
    typeof schema === "object" &&
    !Array.isArray(schema) &&
    (schema as { type?: unknown }).type === "object"
  );
}

function describeRoot(schema: unknown): string {
  if (schema === undefined) return "missing";
  if (schema === null || typeof schema !== "object" || Array.isArray(schema))
    return `not an object (${JSON.stringify(schema)})`;
  const type = (schema as { type?: unknown }).type;
  return type === undefined ? "without a type" : `of type ${JSON.stringify(type)}`;
}
