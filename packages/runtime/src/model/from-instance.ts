import { type MemberRecord, membersOf } from "../decorators/metadata.js";
import { McpsmithError } from "../errors.js";
import type { PromptModel, ResourceModel, ResourceTemplateModel, ServerModel, ToolModel } from "./types.js";
import { isUriTemplate } from "./uri-template.js";

type Parts = Pick<ServerModel, "tools" | "resources" | "resourceTemplates" | "prompts">;

/** Reads what the decorators recorded on an object's class and binds each method to the object. */
export function partsFromInstance(instance: object): Parts {
  const members = membersOf(instance);
  const className = instance.constructor.name || "(anonymous class)";
  if (!members) {
    throw new McpsmithError(
      "E_TARGET_INVALID",
      `${className} has no @tool, @resource or @prompt methods (is "@mcpsmith/runtime" imported before the class is defined?)`,
    );
  }
  const parts: Parts = { tools: [], resources: [], resourceTemplates: [], prompts: [] };
  for (const member of members) addMember(parts, instance, className, member);
  return parts;
}

function addMember(parts: Parts, instance: object, className: string, member: MemberRecord): void {
  const methodName = String(member.method);
  const origin = `${className}.${methodName}`;
  const method = (instance as Record<string | symbol, unknown>)[member.method];
  if (typeof method !== "function") {
    throw new McpsmithError("E_MODEL_INVALID", `${origin} is not a method of the object given`);
  }
  const bound = method.bind(instance);
  switch (member.kind) {
    case "tool": {
      const { name, title, description, input, output, meta, readOnly, destructive, idempotent, openWorld } =
        member.options;
      const tool: ToolModel = { name: name ?? methodName, handler: bound, origin };
      if (title !== undefined) tool.title = title;
      if (description !== undefined) tool.description = description;
      if (input !== undefined) tool.input = input;
      if (output !== undefined) tool.output = output;
      if (meta !== undefined) tool.meta = meta;
      const annotations = {
        ...(title !== undefined && { title }),
        ...(readOnly !== undefined && { readOnlyHint: readOnly }),
        ...(destructive !== undefined && { destructiveHint: destructive }),
        ...(idempotent !== undefined && { idempotentHint: idempotent }),
        ...(openWorld !== undefined && { openWorldHint: openWorld }),
      };
      if (Object.keys(annotations).length > 0) tool.annotations = annotations;
      parts.tools.push(tool);
      return;
    }
    case "resource": {
      const { name, complete, ...rest } = member.options;
      if (isUriTemplate(member.uri)) {
        const template: ResourceTemplateModel = {
          uriTemplate: member.uri,
          name: name ?? methodName,
          ...rest,
          handler: bound,
          origin,
        };
        if (complete) template.complete = complete;
        parts.resourceTemplates.push(template);
      } else {
        if (complete) {
          throw new McpsmithError("E_MODEL_INVALID", `${origin}: "complete" needs a URI template with {variables}`);
        }
        const resource: ResourceModel = { uri: member.uri, name: name ?? methodName, ...rest, handler: bound, origin };
        parts.resources.push(resource);
      }
      return;
    }
    case "prompt": {
      const { name, ...rest } = member.options;
      const prompt: PromptModel = { name: name ?? methodName, ...rest, handler: bound, origin };
      parts.prompts.push(prompt);
      return;
    }
  }
}
