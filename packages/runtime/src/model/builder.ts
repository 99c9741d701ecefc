import type { Infer, SchemaInput } from "../schema/types.js";
import type { Context, ResourceHandler } from "./context.js";
import { addInstance } from "./from-instance.js";
import { addPrompt, addResource, addTool } from "./members.js";
import { isMiddleware, type Middleware } from "./middleware.js";
import type { PromptDefinition, ResourceOptions, ToolDefinition } from "./options.js";
import type { ModelOptions, ServerInfo, ServerModel } from "./types.js";

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
    addTool(this.#model, name, definition, handler);
    return this;
  }

  /** A fixed URI takes `(ctx) => contents`; a template (`{var}`) takes `(variables, ctx) => contents`. */
  resource<U extends string>(uri: U, definition: ResourceOptions, handler: ResourceHandler<U>): this {
    addResource(this.#model, uri, definition.name ?? uri, definition, handler as (...args: never[]) => unknown);
    return this;
  }

  prompt<S extends SchemaInput>(
    name: string,
    definition: PromptDefinition<S>,
    handler: (args: Infer<S>, ctx: Context) => unknown,
  ): this {
    addPrompt(this.#model, name, definition, handler);
    return this;
  }

  /**
   * Adds middleware (a plain object with `http`, `request` and/or `tool` hooks; the first added is the outermost,
   * docs/middleware.md), or every decorated member of an object (an instance of a class using `@tool`,
   * `@resource`, `@prompt`).
   */
  use(middlewareOrInstance: Middleware | object): this {
    if (!isMiddleware(middlewareOrInstance)) addInstance(this.#model, middlewareOrInstance);
    else this.#model.middleware = [...(this.#model.middleware ?? []), middlewareOrInstance];
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
      ...(model.middleware && { middleware: [...model.middleware] }),
    };
  }
}

export function server(definition: ServerDefinition): ServerBuilder {
  return new ServerBuilder(definition);
}
