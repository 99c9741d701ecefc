import "../polyfill.js";
import type { Context } from "../model/context.js";
import { type DeclarationSite, record } from "../model/metadata.js";
import type { PromptOptions, ResourceOptions, ToolOptions } from "../model/options.js";
import { callerModule } from "./caller.js";

type Method<This> = (this: This, ...args: never[]) => unknown;

interface MethodContext {
  kind: string;
  name: string | symbol;
  static: boolean;
  private: boolean;
  metadata: DecoratorMetadataObject | undefined;
}

/**
 * The module of each decorated class, by its metadata object (one per class): a class's decorators are all applied
 * by the class body, in one module, so the stack is read at its first decorator only (reading it is the costly part
 * of decorating, and a generated project decorates every tool before it answers).
 */
const moduleOfClass = new WeakMap<DecoratorMetadataObject, string | undefined>();

/** Where a decorator was applied: `decorator` is the function the class's module called. */
function siteOf(metadata: DecoratorMetadataObject, decorator: (...args: never[]) => unknown): DeclarationSite {
  if (!moduleOfClass.has(metadata)) moduleOfClass.set(metadata, callerModule(decorator));
  return { metadata, module: moduleOfClass.get(metadata) };
}

/** The metadata bag of a public instance method, or a clear error for anything else. */
function metadataOf(context: MethodContext, decorator: string): DecoratorMetadataObject {
  if (context.kind !== "method" || context.static || context.private) {
    throw new TypeError(`@${decorator} goes on a public instance method (found on "${String(context.name)}")`);
  }
  if (!context.metadata) {
    throw new TypeError(
      `@${decorator}: decorator metadata is unavailable; import "@mcpsmith/runtime" before defining the class`,
    );
  }
  return context.metadata;
}

/**
 * Marks a method as an MCP tool. The method receives the validated arguments and a `Context`.
 *
 * @example
 * ```ts
 * @tool({ description: "Add two numbers", input: z.object({ a: z.number(), b: z.number() }), readOnly: true })
 * add({ a, b }: { a: number; b: number }) { return a + b; }
 * ```
 */
export function tool(options: ToolOptions = {}) {
  const decorate = <This>(_method: Method<This>, context: ClassMethodDecoratorContext<This>): void => {
    const metadata = metadataOf(context, "tool");
    record(metadata, { kind: "tool", method: context.name, options, site: siteOf(metadata, decorate) });
  };
  return decorate;
}

/**
 * Marks a method as an MCP resource. A URI with `{variables}` makes a resource template: the method then
 * receives the variables, then the `Context`; a fixed URI's method receives only the `Context`.
 */
export function resource(uri: string, options: ResourceOptions = {}) {
  const decorate = <This>(_method: Method<This>, context: ClassMethodDecoratorContext<This>): void => {
    const metadata = metadataOf(context, "resource");
    record(metadata, { kind: "resource", method: context.name, uri, options, site: siteOf(metadata, decorate) });
  };
  return decorate;
}

/** Marks a method as an MCP prompt. It receives the validated arguments and returns text or messages. */
export function prompt(options: PromptOptions = {}) {
  const decorate = <This>(_method: Method<This>, context: ClassMethodDecoratorContext<This>): void => {
    const metadata = metadataOf(context, "prompt");
    record(metadata, { kind: "prompt", method: context.name, options, site: siteOf(metadata, decorate) });
  };
  return decorate;
}

export type { Context };
