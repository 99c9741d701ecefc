import { McpsmithError } from "../errors.js";
import { derivedSchemas, schemasLocation } from "./derived.js";
import { hasDocComment } from "./doc-comment.js";
import { addPrompt, addResource, addTool, type ModelParts } from "./members.js";
import { declaringClassName, type MemberRecord, membersOf } from "./metadata.js";

/** Adds what the decorators recorded on an object's class to a model, each method bound to the object. */
export function addInstance(parts: ModelParts, instance: object): void {
  const members = membersOf(instance);
  const className = instance.constructor.name || "(anonymous class)";
  if (!members) {
    throw new McpsmithError(
      "E_TARGET_INVALID",
      `${className} has no @tool, @resource or @prompt methods (is "@mcpsmith/runtime" imported before the class is defined?)`,
    );
  }
  for (const member of members) addMember(parts, instance, className, member);
}

function addMember(parts: ModelParts, instance: object, className: string, member: MemberRecord): void {
  const methodName = String(member.method);
  const origin = `${className}.${methodName}`;
  const method = (instance as Record<string | symbol, unknown>)[member.method];
  if (typeof method !== "function") {
    throw new McpsmithError("E_MODEL_INVALID", `${origin} is not a method of the object given`);
  }
  const bound = method.bind(instance);
  const name = member.options.name ?? methodName;
  // Written options win; what the build derived from the method's types fills only what they leave out.
  const module = member.site?.module;
  const declaringClass = declaringClassName(instance, member);
  const derived = derivedSchemas(module, declaringClass, methodName) ?? {};
  if (member.kind === "tool") {
    const options = {
      ...member.options,
      ...fill("input", member.options.input, derived.input),
      ...fill("output", member.options.output, derived.output),
      ...fill("description", member.options.description, derived.description),
      // The plan belongs to the derived input: with a schema written in the decorator, its parser owns the types.
      ...(member.options.input === undefined && fill("dates", member.options.dates, derived.dates)),
    };
    addTool(parts, name, options, bound, origin);
    const tool = parts.tools.at(-1)!;
    if (options.input === undefined && method.length > 0) markInputMissing(tool, member);
    if (
      options.description === undefined &&
      module !== undefined &&
      hasDocComment(module, declaringClass, methodName)
    ) {
      tool.docComment = true;
    }
  } else if (member.kind === "resource") {
    const options = { ...member.options, ...fill("description", member.options.description, derived.description) };
    addResource(parts, member.uri, name, options, bound, origin);
  } else {
    const options = {
      ...member.options,
      ...fill("args", member.options.args, derived.input),
      ...fill("description", member.options.description, derived.description),
    };
    addPrompt(parts, name, options, bound, origin);
    if (options.args === undefined && method.length > 0) markInputMissing(parts.prompts.at(-1), member);
  }
}

function fill<K extends string, V>(key: K, written: V | undefined, derived: V | undefined): { [P in K]?: V } {
  return (written === undefined && derived !== undefined ? { [key]: derived } : {}) as { [P in K]?: V };
}

/**
 * The method reads arguments but nothing describes them: model validation refuses to start (a tool without a schema
 * would accept anything, and clients would not know what to send).
 */
function markInputMissing(entry: { inputMissing?: string } | undefined, member: MemberRecord): void {
  if (entry === undefined) return;
  const option = member.kind === "prompt" ? "args" : "input";
  const module = member.site?.module;
  const found = module === undefined ? "" : ` (looked in ${schemasLocation(module)})`;
  entry.inputMissing = `takes arguments but has no schema for them${found}: run \`mcpsmith build\` to derive it from the parameter's type, or pass \`${option}:\` to @${member.kind}()`;
}
