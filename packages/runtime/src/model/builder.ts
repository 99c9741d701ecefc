import type { PromptOptions, ResourceOptions, ToolOptions } from "../decorators/metadata.js";
import type { SchemaInput } from "../schema/types.js";
import type { Context } from "./context.js";
import { partsFromInstance } from "./from-instance.js";
import type { ModelOptions, ServerInfo, ServerModel } from "./types.js";
import { isUriTemplate } from "./uri-template.js";

/** The value a schema produces: inferred from a Standard Schema (zod), or a plain record for JSON Schema. */
export type Infer<S> = S extends { readonly "~standard": { readonly types?: infer T } }
  ? NonNullable<T> extends { readonly output: infer O }
    ? O
    : Record<string, unknown>
  : Record<string, unknown>;

type ToolDefinition<S> = Omit<ToolOptions, "name" | "input"> & { input?: S };
type PromptDefinition<S> = Omit<PromptOptions, "name" | "args"> & { args?: S };

export interface ServerDefinition extends ServerInfo {
  instructions?: string;
  options?: ModelOptions;
}

/**
 * Builds the same `ServerModel` the decorators produce, from plain functions. Every method returns the
 * builder, so definitions chain; `serve()`, `toFetchHandler()` and `createTestClient()` accept it as is.
 *
 * @example
 * ```ts
 * const app = server({ name: "calc", version: "1.0.0" })
 *   .tool("add", { description: "Add two numbers", input: z.object({ a: z.number(), b: z.number() }) },
 *         ({ a, b }) => a + b);
 * await serve(app);
 * ```
 */
export class ServerBuilder {
  readonly #model: ServerModel;

  constructor(definition: ServerDefinition) {
    const { instructions, options, ...info } = definition;
    this.#model = { info, tools: [], resources: [], resourceTemplates: [], prompts: [], options: { ...options } };
    if (instructions !== undefined) this.#model.instructions = instructions;
  }

  tool<S extends SchemaInput>(
    name: string,
    definition: ToolDefinition<S>,
    handler: (args: Infer<S>, ctx: Context) => unknown,
  ): this {
    const { readOnly, destructive, idempotent, openWorld, ...rest } = definition;
    const annotations = {
      ...(rest.title !== undefined && { title: rest.title }),
      ...(readOnly !== undefined && { readOnlyHint: readOnly }),
      ...(destructive !== undefined && { destructiveHint: destructive }),
      ...(idempotent !== undefined && { idempotentHint: idempotent }),
      ...(openWorld !== undefined && { openWorldHint: openWorld }),
    };
    this.#model.tools.push({
      name,
      ...rest,
      ...(Object.keys(annotations).length > 0 && { annotations }),
      handler: handler as (args: never, ctx: Context) => unknown,
    });
    return this;
  }

  /** A fixed URI takes `(ctx) => contents`; a template (`{var}`) takes `(variables, ctx) => contents`. */
  resource(uri: string, definition: ResourceOptions, handler: (ctx: Context) => unknown): this;
  resource(
    uri: string,
    definition: ResourceOptions,
    handler: (variables: Record<string, string>, ctx: Context) => unknown,
  ): this;
  resource(uri: string, definition: ResourceOptions, handler: (...args: never[]) => unknown): this {
    const { name = uri, complete, ...rest } = definition;
    if (isUriTemplate(uri)) {
      this.#model.resourceTemplates.push({
        uriTemplate: uri,
        name,
        ...rest,
        ...(complete && { complete }),
        handler: handler as (variables: Record<string, string>, ctx: Context) => unknown,
      });
    } else {
      this.#model.resources.push({ uri, name, ...rest, handler: handler as (ctx: Context) => unknown });
    }
    return this;
  }

  prompt<S extends SchemaInput>(
    name: string,
    definition: PromptDefinition<S>,
    handler: (args: Infer<S>, ctx: Context) => unknown,
  ): this {
    this.#model.prompts.push({ name, ...definition, handler: handler as (args: never, ctx: Context) => unknown });
    return this;
  }

  /** Adds every decorated member of an object (an instance of a class using `@tool`, `@resource`, `@prompt`). */
  use(instance: object): this {
    const parts = partsFromInstance(instance);
    this.#model.tools.push(...parts.tools);
    this.#model.resources.push(...parts.resources);
    this.#model.resourceTemplates.push(...parts.resourceTemplates);
    this.#model.prompts.push(...parts.prompts);
    return this;
  }

  /** A copy of the model built so far; validation happens when it is compiled. */
  build(): ServerModel {
    const model = this.#model;
    return {
      ...model,
      tools: [...model.tools],
      resources: [...model.resources],
      resourceTemplates: [...model.resourceTemplates],
      prompts: [...model.prompts],
      options: { ...model.options },
    };
  }
}

export function server(definition: ServerDefinition): ServerBuilder {
  return new ServerBuilder(definition);
}
