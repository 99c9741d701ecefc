/**
 * A source's transforms -> the plan of what the composed server serves of it: which tools (include, exclude; raw
 * SQL left out under a claim binding), under which names (`<prefix>_<tool>`, renamed first, kept client-safe),
 * with which descriptions and bound arguments. Every tool a transform names must exist in the source.
 */
import type { Binding, ToolPlan } from "@mcpsmith/runtime/compose";
import type { CodegenProblem } from "../errors.js";
import { uniqueToolNames } from "../names/tool-name.js";
import { globToRegExp } from "../sources/database/select.js";
import { isRecord, keyPath } from "./config/checks.js";
import type { BindingConfig, ToolTransforms } from "./config/types.js";
import { configError } from "./config/validate.js";

export interface PlanInput {
  key: string;
  /** The source's tools, by their own names, in order. */
  tools: readonly string[];
  prefix: string;
  transforms: ToolTransforms;
  /** Tools running SQL the caller writes (left out when a claim is bound). */
  rawSql: readonly string[];
  maxNameLength?: number;
  /** The config file, for errors. */
  file: string;
}

export interface SourcePlan {
  tools: ToolPlan[];
  /** Said on every start: what the plan left out, and why. */
  warnings: string[];
}

export function planSource(input: PlanInput): SourcePlan {
  const { transforms, key } = input;
  const at = keyPath(keyPath("sources", key), "tools");
  const problems: CodegenProblem[] = [];
  const problem = (where: string, message: string) => problems.push({ file: input.file, pointer: where, message });
  const known = new Set(input.tools);
  const listed = `its tools: ${input.tools.slice(0, 30).join(", ")}${input.tools.length > 30 ? `, … (${input.tools.length})` : ""}`;

  for (const field of ["rename", "describe", "bind"] as const) {
    for (const name of Object.keys(transforms[field] ?? {})) {
      if (!known.has(name))
        problem(keyPath(keyPath(at, field), name), `source "${key}" has no tool "${name}" (${listed})`);
    }
  }
  const globs = (field: "include" | "exclude") =>
    (transforms[field] ?? []).map((glob, index) => {
      const regex = globToRegExp(glob);
      if (!input.tools.some((name) => regex.test(name))) {
        problem(`${keyPath(at, field)}[${index}]`, `"${glob}" matches no tool of source "${key}" (${listed})`);
      }
      return regex;
    });
  const include = transforms.include === undefined ? undefined : globs("include");
  const exclude = globs("exclude");

  const bind = transforms.bind ?? {};
  const claimed = Object.values(bind).some((args) =>
    Object.values(args).some((value) => isRecord(value) && "claim" in value),
  );
  const warnings: string[] = [];
  for (const name of claimed ? input.rawSql : []) {
    if (Object.hasOwn(bind, name))
      problem(
        keyPath(keyPath(at, "bind"), name),
        `${name} runs the caller's SQL: it cannot be filtered, and is left out of a source with a claim binding`,
      );
    warnings.push(
      `source "${key}": ${name} (raw SQL) is left out: a claim binding filters this source, and SQL written by the caller would bypass it`,
    );
  }
  if (problems.length > 0) throw configError(input.file, problems);

  const served = input.tools.filter(
    (name) =>
      (include === undefined || include.some((regex) => regex.test(name))) &&
      !exclude.some((regex) => regex.test(name)) &&
      !(claimed && input.rawSql.includes(name)),
  );
  const raws = served.map((name) => {
    const own = transforms.rename?.[name] ?? name;
    return input.prefix === "" ? own : `${input.prefix}_${own}`;
  });
  const names = uniqueToolNames(raws, input.maxNameLength === undefined ? {} : { maxLength: input.maxNameLength });
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
  return { tools, warnings };
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
