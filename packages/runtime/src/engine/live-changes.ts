import type { ServerCapabilities } from "@modelcontextprotocol/server";
import type { CompiledModel } from "./compiled.js";

/**
 * Copy-on-write changes to a compiled model. A change builds a new snapshot in which only the changed list and its
 * lookup map are new; every other list keeps its identity, so its pagination version (and anything else cached
 * per list) stays valid. Requests already running keep the snapshot they started with.
 */

/**
 * Adds what `part` holds (a model of one entry, compiled on its own) after the entries of `current`.
 * Capabilities only grow: a client that was told "tools" may always ask for tools, even once the last is gone.
 */
export function withEntries(current: CompiledModel, part: CompiledModel): CompiledModel {
  const next: Mutable<CompiledModel> = { ...current };
  if (part.tools.size > 0) {
    next.tools = new Map([...current.tools, ...part.tools]);
    next.toolList = [...current.toolList, ...part.toolList];
  }
  if (part.resources.size > 0) {
    next.resources = new Map([...current.resources, ...part.resources]);
    next.resourceList = [...current.resourceList, ...part.resourceList];
  }
  if (part.templates.length > 0) {
    next.templates = [...current.templates, ...part.templates];
    next.templateList = [...current.templateList, ...part.templateList];
  }
  if (part.prompts.size > 0) {
    next.prompts = new Map([...current.prompts, ...part.prompts]);
    next.promptList = [...current.promptList, ...part.promptList];
  }
  if (part.completions.prompts.size + part.completions.templates.size > 0) {
    next.completions = {
      prompts: new Map([...current.completions.prompts, ...part.completions.prompts]),
      templates: new Map([...current.completions.templates, ...part.completions.templates]),
    };
  }
  const capabilities: ServerCapabilities = {
    ...part.serverOptions.capabilities,
    ...current.serverOptions.capabilities,
  };
  next.serverOptions = { ...current.serverOptions, capabilities };
  return next;
}

/**
 * Every entry of `next` (a whole model, compiled on its own) and its instructions in place of those of `current`;
 * the identity, the signing of `requestState` and the options stay `current`'s, and capabilities only grow.
 */
export function replacedEntries(current: CompiledModel, next: CompiledModel): CompiledModel {
  const capabilities: ServerCapabilities = {
    ...next.serverOptions.capabilities,
    ...current.serverOptions.capabilities,
  };
  const { instructions: _replaced, ...options } = current.serverOptions;
  const instructions = next.serverOptions.instructions;
  return {
    ...current,
    tools: next.tools,
    toolList: next.toolList,
    resources: next.resources,
    resourceList: next.resourceList,
    templates: next.templates,
    templateList: next.templateList,
    prompts: next.prompts,
    promptList: next.promptList,
    completions: next.completions,
    serverOptions: { ...options, capabilities, ...(instructions !== undefined && { instructions }) },
  };
}

export function withoutTool(current: CompiledModel, name: string): CompiledModel | undefined {
  if (!current.tools.has(name)) return undefined;
  const tools = new Map(current.tools);
  tools.delete(name);
  return { ...current, tools, toolList: current.toolList.filter((tool) => tool.name !== name) };
}

export function withoutPrompt(current: CompiledModel, name: string): CompiledModel | undefined {
  if (!current.prompts.has(name)) return undefined;
  const prompts = new Map(current.prompts);
  prompts.delete(name);
  const completions = new Map(current.completions.prompts);
  completions.delete(name);
  return {
    ...current,
    prompts,
    promptList: current.promptList.filter((prompt) => prompt.name !== name),
    completions: { ...current.completions, prompts: completions },
  };
}

/** Removes the fixed resource with this URI, or else the template with this URI template. */
export function withoutResource(current: CompiledModel, uri: string): CompiledModel | undefined {
  if (current.resources.has(uri)) {
    const resources = new Map(current.resources);
    resources.delete(uri);
    return { ...current, resources, resourceList: current.resourceList.filter((resource) => resource.uri !== uri) };
  }
  if (!current.templates.some((template) => template.wire.uriTemplate === uri)) return undefined;
  const completions = new Map(current.completions.templates);
  completions.delete(uri);
  return {
    ...current,
    templates: current.templates.filter((template) => template.wire.uriTemplate !== uri),
    templateList: current.templateList.filter((template) => template.uriTemplate !== uri),
    completions: { ...current.completions, templates: completions },
  };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
