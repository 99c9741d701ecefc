import {
  type Implementation,
  type Prompt,
  ProtocolError,
  type Resource,
  type ResourceTemplateType,
  type Tool,
  UriTemplate,
} from "@modelcontextprotocol/client";
import { isInputRequiredResult } from "@modelcontextprotocol/server";
import type { Context } from "../../model/context.js";
import type { CompletionSource } from "../../model/options.js";
import type { PromptModel, ResourceModel, ResourceTemplateModel, ServerModel, ToolModel } from "../../model/types.js";
import { templateVariables } from "../../model/uri-template.js";
import { forwardedContents, forwardedToolResult } from "../../results/forwarded.js";
import type { JsonSchema } from "../../schema/types.js";
import { WIRE_ERRORS } from "../../wire-errors.js";
import type { RemoteConnection } from "./connection.js";
import { remoteFailure } from "./failure.js";
import { roundTrip } from "./input.js";
import { sendToRemote } from "./send.js";

/** What a remote server offers, as listed once (and again when it says its lists changed). */
export interface RemoteListing {
  info: Implementation | undefined;
  instructions: string | undefined;
  tools: Tool[];
  resources: Resource[];
  templates: ResourceTemplateType[];
  prompts: Prompt[];
  completions: boolean;
}

export async function listRemote(remote: RemoteConnection): Promise<RemoteListing> {
  const client = remote.client();
  const capabilities = client.getServerCapabilities() ?? {};
  const [tools, resources, templates, prompts] = await Promise.all([
    capabilities.tools ? sendToRemote(remote, { method: "tools/list" }).then((list) => list.tools) : [],
    capabilities.resources ? sendToRemote(remote, { method: "resources/list" }).then((list) => list.resources) : [],
    capabilities.resources
      ? sendToRemote(remote, { method: "resources/templates/list" }).then(
          (list) => list.resourceTemplates,
          // Some servers with resources have no templates, and no method for listing them.
          (error: unknown) => {
            if (error instanceof ProtocolError && error.code === WIRE_ERRORS.METHOD_NOT_FOUND.code) return [];
            throw error;
          },
        )
      : [],
    capabilities.prompts ? sendToRemote(remote, { method: "prompts/list" }).then((list) => list.prompts) : [],
  ]);
  return {
    info: client.getServerVersion(),
    instructions: client.getInstructions(),
    tools,
    resources,
    templates,
    prompts,
    completions: capabilities.completions !== undefined,
  };
}

/**
 * A remote server as a source's model: each of its tools, resources, templates and prompts by its own name, each
 * handler forwarding the call to the remote with the caller's cancellation and progress, and giving back what
 * the remote answered as it came. Composition then namespaces them like any source's.
 */
export function remoteModel(remote: RemoteConnection, listing: RemoteListing): ServerModel {
  return {
    info: { name: listing.info?.name ?? remote.key, version: listing.info?.version ?? "0.0.0" },
    ...(listing.instructions?.trim() && { instructions: listing.instructions }),
    tools: listing.tools.map((tool) => remoteTool(remote, tool)),
    resources: listing.resources.map((resource) => remoteResource(remote, resource)),
    resourceTemplates: listing.templates.map((template) => remoteTemplate(remote, template, listing.completions)),
    prompts: listing.prompts.map((prompt) => remotePrompt(remote, prompt, listing.completions)),
    options: {},
  };
}

function remoteTool(remote: RemoteConnection, tool: Tool): ToolModel {
  return {
    name: tool.name,
    ...(tool.title !== undefined && { title: tool.title }),
    description: tool.description ?? `The tool ${tool.name} of the remote server "${remote.key}".`,
    input: tool.inputSchema as JsonSchema,
    ...(tool.outputSchema !== undefined && { output: tool.outputSchema as JsonSchema }),
    ...(tool.annotations !== undefined && { annotations: tool.annotations }),
    ...(tool._meta !== undefined && { meta: tool._meta }),
    handler: (async (args: Record<string, unknown>, ctx: Context) => {
      const params = { name: tool.name, arguments: args };
      const answer = await roundTrip(remote, { method: "tools/call", params, tool }, ctx);
      return isInputRequiredResult(answer) ? answer : forwardedToolResult(answer);
    }) as ToolModel["handler"],
  };
}

async function readRemote(remote: RemoteConnection, uri: string, ctx: Context) {
  const answer = await roundTrip(remote, { method: "resources/read", params: { uri } }, ctx);
  return isInputRequiredResult(answer) ? answer : forwardedContents(answer, uri);
}

function remoteResource(remote: RemoteConnection, resource: Resource): ResourceModel {
  return {
    ...described(resource),
    uri: resource.uri,
    ...(resource.size !== undefined && { size: resource.size }),
    handler: (ctx) => readRemote(remote, resource.uri, ctx),
  };
}

function remoteTemplate(
  remote: RemoteConnection,
  template: ResourceTemplateType,
  completions: boolean,
): ResourceTemplateModel {
  const expander = new UriTemplate(template.uriTemplate);
  const ref = { type: "ref/resource" as const, uri: template.uriTemplate };
  return {
    ...described(template),
    uriTemplate: template.uriTemplate,
    ...(completions && { complete: completers(remote, ref, templateVariables(template.uriTemplate)) }),
    handler: (variables, ctx) => readRemote(remote, expander.expand(variables), ctx),
  };
}

function remotePrompt(remote: RemoteConnection, prompt: Prompt, completions: boolean): PromptModel {
  const args = prompt.arguments ?? [];
  const schema: JsonSchema = {
    type: "object",
    properties: Object.fromEntries(
      args.map((arg) => [arg.name, { type: "string", ...(arg.description && { description: arg.description }) }]),
    ),
    required: args.filter((arg) => arg.required === true).map((arg) => arg.name),
  };
  const ref = { type: "ref/prompt" as const, name: prompt.name };
  return {
    name: prompt.name,
    ...(prompt.title !== undefined && { title: prompt.title }),
    ...(prompt.description !== undefined && { description: prompt.description }),
    args: schema,
    ...(completions &&
      args.length > 0 && {
        complete: completers(
          remote,
          ref,
          args.map((arg) => arg.name),
        ),
      }),
    handler: ((given: Record<string, string>, ctx: Context) =>
      roundTrip(
        remote,
        { method: "prompts/get", params: { name: prompt.name, arguments: given } },
        ctx,
      )) as PromptModel["handler"],
  };
}

/** Each argument's suggestions asked of the remote (`completion/complete` with the remote's own reference). */
function completers(
  remote: RemoteConnection,
  ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string },
  names: readonly string[],
): Record<string, CompletionSource> {
  const complete =
    (name: string): CompletionSource =>
    async (value, context) => {
      try {
        const params = { ref, argument: { name, value }, context: { arguments: context.arguments } };
        const answer = await sendToRemote(remote, { method: "completion/complete", params });
        return answer.completion.values;
      } catch (error) {
        throw remoteFailure(remote, error);
      }
    };
  return Object.fromEntries(names.map((name) => [name, complete(name)]));
}

function described(item: Resource | ResourceTemplateType) {
  return {
    name: item.name,
    ...(item.title !== undefined && { title: item.title }),
    ...(item.description !== undefined && { description: item.description }),
    ...(item.mimeType !== undefined && { mimeType: item.mimeType }),
  };
}
