import type { Prompt, Resource, ServerCapabilities, Tool } from "@modelcontextprotocol/server";
import type { CompletionSource } from "../model/options.js";
import type { CacheHint, ServerModel } from "../model/types.js";
import { invalidModel, modelProblems } from "../model/validate.js";
import { DEFAULT_MAX_RESULT_TOKENS } from "../results/truncate.js";
import { compileSchema, EMPTY_OBJECT_SCHEMA, isStandardSchema } from "../schema/compile.js";
import { tidySchema } from "../schema/tidy.js";
import type { CompiledSchema, JsonSchema, SchemaInput } from "../schema/types.js";
import { UriTemplate } from "../sdk.js";
import type { CompiledModel, CompiledPrompt, CompiledTemplate, CompiledTool } from "./compiled.js";
import { createStateSealer } from "./request-state.js";

/** Lists change rarely and are the same for every caller until a list_changed notification says otherwise. */
export const DEFAULT_LIST_CACHE: CacheHint = { ttlMs: 60_000, cacheScope: "public" };

/**
 * Validates the model and resolves everything that does not depend on a request: schemas to JSON Schema and
 * validators, wire lists, lookup maps, capabilities. Throws one error listing every problem found.
 */
export function compileModel(model: ServerModel): CompiledModel {
  const problems = modelProblems(model);
  const schema = (
    input: SchemaInput | undefined,
    where: string,
    direction: "input" | "output",
    rootMustBeObject: boolean,
  ) => {
    if (input === undefined) return undefined;
    try {
      const compiled = compileSchema(input, where, direction);
      // Converted schemas (zod) are tidied; a JSON Schema written by hand is advertised exactly as written.
      const json = isStandardSchema(input) ? tidySchema(compiled.json) : compiled.json;
      if (rootMustBeObject && json.type !== "object") {
        problems.push(`${where}: the schema's root must be { type: "object" } (found ${describeRoot(json)})`);
      }
      return { json, validate: compiled.validate } satisfies CompiledSchema;
    } catch (error) {
      problems.push((error as Error).message);
      return undefined;
    }
  };

  const tools = new Map<string, CompiledTool>();
  for (const tool of model.tools) {
    const where = tool.origin ?? `tool "${tool.name}"`;
    const input =
      schema(tool.input, `${where} input`, "input", true) ?? compileSchema(EMPTY_OBJECT_SCHEMA, where, "input");
    const output = schema(tool.output, `${where} output`, "output", false);
    const listedInput = tool.listedInput ?? input.json;
    if (tool.listedInput !== undefined && listedInput.type !== "object") {
      problems.push(`${where}: listedInput's root must be { type: "object" } (found ${describeRoot(listedInput)})`);
    }
    const wire: Tool = {
      name: tool.name,
      ...(tool.title !== undefined && { title: tool.title }),
      ...(tool.description !== undefined && { description: tool.description.trim() }),
      inputSchema: listedInput as Tool["inputSchema"],
      ...(output && { outputSchema: output.json as Tool["outputSchema"] }),
      ...(tool.annotations && { annotations: tool.annotations }),
      ...(tool.meta && { _meta: tool.meta }),
    };
    const timeout = tool.timeout ?? model.options.toolTimeout;
    const { task, scopes, handler } = tool;
    tools.set(tool.name, { name: tool.name, wire, input, output, task, timeout, scopes, handler });
  }

  const prompts = new Map<string, CompiledPrompt>();
  const promptCompletions = new Map<string, Record<string, CompletionSource>>();
  for (const prompt of model.prompts) {
    const where = prompt.origin ?? `prompt "${prompt.name}"`;
    const args = schema(prompt.args as SchemaInput | undefined, `${where} args`, "input", true);
    const wire: Prompt = {
      name: prompt.name,
      ...(prompt.title !== undefined && { title: prompt.title }),
      ...(prompt.description !== undefined && { description: prompt.description }),
      ...(args && { arguments: promptArguments(args.json) }),
    };
    for (const name of Object.keys(prompt.complete ?? {})) {
      if (!args || !(name in ((args.json.properties as object | undefined) ?? {}))) {
        problems.push(`${where}: "complete" names "${name}", which is not one of the prompt's arguments`);
      }
    }
    prompts.set(prompt.name, { wire, args, model: prompt });
    if (prompt.complete) promptCompletions.set(prompt.name, prompt.complete);
  }

  if (problems.length > 0) throw invalidModel(problems);

  const resources = new Map(model.resources.map((resource) => [resource.uri, resource]));
  const resourceList: Resource[] = model.resources.map(({ uri, name, title, description, mimeType, size }) => ({
    uri,
    name,
    ...(title !== undefined && { title }),
    ...(description !== undefined && { description }),
    ...(mimeType !== undefined && { mimeType }),
    ...(size !== undefined && { size }),
  }));
  const templates: CompiledTemplate[] = model.resourceTemplates.map((template) => ({
    model: template,
    // The SDK's matcher, made at the first match: a stdio server compiles its model before it loads the SDK
    // (src/sdk.ts), and the template was checked with the model (model/uri-template.ts).
    get matcher() {
      const matcher = new UriTemplate(template.uriTemplate);
      Object.defineProperty(this, "matcher", { value: matcher });
      return matcher;
    },
    wire: {
      uriTemplate: template.uriTemplate,
      name: template.name,
      ...(template.title !== undefined && { title: template.title }),
      ...(template.description !== undefined && { description: template.description }),
      ...(template.mimeType !== undefined && { mimeType: template.mimeType }),
    },
  }));
  const templateCompletions = new Map(
    model.resourceTemplates.flatMap((t) => (t.complete ? [[t.uriTemplate, t.complete] as const] : [])),
  );

  const toolList = [...tools.values()].map((tool) => tool.wire);
  const capabilities: ServerCapabilities = {
    // The model can change while it is served (ctx.server, engine/live-model.ts), and resources can be watched.
    ...(tools.size > 0 && { tools: { listChanged: true } }),
    ...(resources.size + templates.length > 0 && { resources: { subscribe: true, listChanged: true } }),
    ...(prompts.size > 0 && { prompts: { listChanged: true } }),
    ...(promptCompletions.size + templateCompletions.size > 0 && { completions: {} }),
    logging: {},
  };
  const cache = model.options.cache ?? {};
  const requestState = createStateSealer(model.options.requestState);
  return {
    info: model.info,
    maxResultTokens: model.options.maxResultTokens ?? DEFAULT_MAX_RESULT_TOKENS,
    requestState,
    serverOptions: {
      // Every echoed requestState is verified before a handler runs; a bad one is INVALID_PARAMS, never reaches it.
      requestState: { verify: requestState.verify },
      capabilities,
      ...(model.instructions !== undefined && { instructions: model.instructions }),
      cacheHints: {
        "server/discover": DEFAULT_LIST_CACHE,
        "tools/list": cache["tools/list"] ?? DEFAULT_LIST_CACHE,
        "prompts/list": cache["prompts/list"] ?? DEFAULT_LIST_CACHE,
        "resources/list": cache["resources/list"] ?? DEFAULT_LIST_CACHE,
        "resources/templates/list": cache["resources/templates/list"] ?? DEFAULT_LIST_CACHE,
        ...(cache["resources/read"] && { "resources/read": cache["resources/read"] }),
      },
    },
    tools,
    toolList,
    resources,
    resourceList,
    templates,
    templateList: templates.map((template) => template.wire),
    prompts,
    promptList: [...prompts.values()].map((prompt) => prompt.wire),
    completions: { prompts: promptCompletions, templates: templateCompletions },
  };
}

function promptArguments(json: JsonSchema): Prompt["arguments"] {
  const properties = (json.properties ?? {}) as Record<string, { description?: string }>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    ...(property.description !== undefined && { description: property.description }),
    required: required.has(name),
  }));
}

function describeRoot(json: JsonSchema): string {
  if (json.type !== undefined) return `type ${JSON.stringify(json.type)}`;
  const combinator = ["allOf", "anyOf", "oneOf", "$ref"].find((key) => key in json);
  return combinator ? `a root "${combinator}"` : "no type";
}
