import { type MemberRecord, membersOf } from "../decorators/metadata.js";
import { McpsmithError } from "../errors.js";
import { addPrompt, addResource, addTool, type ModelParts } from "./members.js";

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
  if (member.kind === "tool") addTool(parts, name, member.options, bound, origin);
  else if (member.kind === "resource") addResource(parts, member.uri, name, member.options, bound, origin);
  else addPrompt(parts, name, member.options, bound, origin);
}
