/**
 * A source's transforms -> the plan of what the composed server serves of it: which tools (include, exclude; raw
 * SQL left out under a claim binding), under which names (`<prefix>_<tool>`, renamed first, kept client-safe),
 * with which descriptions and bound arguments. `mcpsmith serve` plans every source of a config so, and the project
 * `mcpsmith generate --config` writes plans a remote's tools so each time the remote is listed.
 */
import { McpsmithError } from "../errors.js";
import { uniqueToolNames } from "../model/tool-names.js";
import type { ServerModel } from "../model/types.js";
import { globToRegExp, keyPath } from "../text.js";
import { prefixedName } from "./namespace.js";
import type { Binding, ComposedSource, ToolPlan } from "./types.js";

/**
 * What a bound argument is set to: a value (an object value is written `{ "value": {...} }`), an environment
 * variable (`{ "env": "TENANT" }`, read at start-up) or a claim of the caller's verified token (`{ "claim": "sub" }`,
 * read at each call; needs authorization on).
 */
export type BindingConfig =
  | string
  | number
  | boolean
  | null
  | readonly unknown[]
  | { env: string }
  | { claim: string }
  | { value: unknown };

/** Transforms of a source's tools, applied before the global mode. Names are the source's own, before the prefix. */
export interface ToolTransforms {
  /** Globs of tool names to serve (`*` any characters, `?` one); all when absent. */
  include?: readonly string[];
  /** Globs of tool names to leave out, after `include`. */
  exclude?: readonly string[];
  /** `{ old: new }`: a renamed tool still gets the prefix. */
  rename?: Readonly<Record<string, string>>;
  /** `{ tool: description }`. */
  describe?: Readonly<Record<string, string>>;
  /** `{ tool: { argument: value } }`: the argument leaves the input schema and the server fills it. */
  bind?: Readonly<Record<string, Readonly<Record<string, BindingConfig>>>>;
}

export interface PlanToolsInput {
  key: string;
  /** The source's tools, by their own names, in order. */
  tools: readonly string[];
  prefix: string;
  transforms: ToolTransforms;
  /** Tools running SQL the caller writes (left out when a claim is bound). */
  rawSql?: readonly string[];
  /** The longest tool name (default 64). */
  maxNameLength?: number;
  /**
   * Its tools come and go while it serves (a remote MCP server's): a transform naming a tool it does not have now
   * is a warning, and applies once it has the tool. Otherwise that is a problem.
   */
  live?: boolean;
}

/** A transform that cannot be carried out, at its key path in the config (`sources.shop.tools.rename.x`). */
export interface PlanProblem {
  pointer: string;
  message: string;
}

export interface ToolsPlan {
  tools: ToolPlan[];
  /** What the plan left out or could not apply, and why: said each time it is planned. */
  warnings: string[];
  /** Nothing is to be served with a plan that has any. */
  problems: PlanProblem[];
}

export function planTools(input: PlanToolsInput): ToolsPlan {
  const { transforms, key } = input;
  const rawSql = input.rawSql ?? [];
  const at = keyPath(keyPath("sources", key), "tools");
  const problems: PlanProblem[] = [];
  const warnings: string[] = [];
  const now = input.live === true ? " now" : "";
  const missing = (pointer: string, message: string) => {
    if (input.live === true) warnings.push(`${pointer}: ${message}; it applies once the source has one`);
    else problems.push({ pointer, message });
  };
  const known = new Set(input.tools);
  const listed = `its tools: ${input.tools.slice(0, 30).join(", ")}${input.tools.length > 30 ? `, … (${input.tools.length})` : ""}`;

  for (const field of ["rename", "describe", "bind"] as const) {
    for (const name of Object.keys(transforms[field] ?? {})) {
      if (!known.has(name))
        missing(keyPath(keyPath(at, field), name), `source "${key}" has no tool "${name}"${now} (${listed})`);
    }
  }
  const globs = (field: "include" | "exclude") =>
    (transforms[field] ?? []).map((glob, index) => {
      const regex = globToRegExp(glob);
      if (!input.tools.some((name) => regex.test(name))) {
        missing(`${keyPath(at, field)}[${index}]`, `"${glob}" matches no tool of source "${key}"${now} (${listed})`);
      }
      return regex;
    });
  const include = transforms.include === undefined ? undefined : globs("include");
  const exclude = globs("exclude");

  const bind = transforms.bind ?? {};
  const claimed = Object.values(bind).some((args) =>
    Object.values(args).some((value) => isRecord(value) && "claim" in value),
  );
  for (const name of claimed ? rawSql : []) {
    if (Object.hasOwn(bind, name))
      problems.push({
        pointer: keyPath(keyPath(at, "bind"), name),
        message: `${name} runs the caller's SQL: it cannot be filtered, and is left out of a source with a claim binding`,
      });
    warnings.push(
      `source "${key}": ${name} (raw SQL) is left out: a claim binding filters this source, and SQL written by the caller would bypass it`,
    );
  }
  if (problems.length > 0) return { tools: [], warnings, problems };

  const served = input.tools.filter(
    (name) =>
      (include === undefined || include.some((regex) => regex.test(name))) &&
      !exclude.some((regex) => regex.test(name)) &&
      !(claimed && rawSql.includes(name)),
  );
  const raws = served.map((name) => prefixedName(input.prefix, transforms.rename?.[name] ?? name));
  let names: string[];
  try {
    names = uniqueToolNames(raws, input.maxNameLength === undefined ? {} : { maxLength: input.maxNameLength });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return { tools: [], warnings, problems: [{ pointer: "maxNameLength", message: error.message }] };
  }
  const tools = served.map((tool, index): ToolPlan => {
    const description = transforms.describe?.[tool];
    const bound = bind[tool];
    return {
      tool,
      name: names[index]!,
      ...(description !== undefined && { description }),
      ...(bound !== undefined && { bind: bindingsOf(bound), where: keyPath(keyPath(at, "bind"), tool) }),
    };
  });
  return { tools, warnings, problems };
}

/**
 * What is served of a source whose tools come and go while it serves (a remote MCP server's): its transforms,
 * planned over the tools it has each time it is listed ({@link plannedSource}).
 */
export interface LiveSourcePlan extends Omit<ComposedSource, "model" | "tools"> {
  transforms: ToolTransforms;
  /** The longest tool name (default 64). */
  maxNameLength?: number;
}

/** A source's plan as written: its tools planned already, or its transforms to plan over what it has then. */
export type SourcePlan = Omit<ComposedSource, "model"> | LiveSourcePlan;

/**
 * A source's plan with its model, as `composeServer` takes it. A live plan's transforms are planned over the
 * model's tools now ({@link planTools}, live), what it leaves out or cannot apply said through `warn`.
 */
export function plannedSource(plan: SourcePlan, model: ServerModel, warn: (message: string) => void): ComposedSource {
  if (!("transforms" in plan)) return { ...plan, model };
  const { transforms, maxNameLength, ...rest } = plan;
  const planned = planTools({
    key: plan.key,
    tools: model.tools.map((tool) => tool.name),
    prefix: plan.prefix,
    transforms,
    ...(maxNameLength !== undefined && { maxNameLength }),
    live: true,
  });
  if (planned.problems.length > 0) {
    const lines = planned.problems.map(({ pointer, message }) => `${pointer}: ${message}`);
    throw new McpsmithError("E_COMPOSE_INVALID", lines.join("; "));
  }
  for (const warning of planned.warnings) warn(warning);
  return { ...rest, model, tools: planned.tools };
}

/** The config's binding values as the runtime takes them: a bare value is `{ value }`. */
function bindingsOf(bound: Readonly<Record<string, BindingConfig>>): Record<string, Binding> {
  return Object.fromEntries(
    Object.entries(bound).map(([path, value]) => [
      path,
      isRecord(value) && ("env" in value || "claim" in value || "value" in value) ? (value as Binding) : { value },
    ]),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
