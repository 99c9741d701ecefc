import type { ResourceOptions } from "../decorators/metadata.js";
import type { SchemaInput } from "../schema/types.js";
import type { Infer, PromptDefinition, ResourceHandler, ToolDefinition } from "./builder.js";
import type { Context } from "./context.js";

/**
 * The model of a running server, changed while it serves (`ctx.server` in handlers, `server` on the handles of
 * `serve()` and `toFetchHandler()`). Definitions take the same shapes as the `server()` builder. Each change is
 * validated and compiled on the spot: a bad definition throws `McpsmithError` and the model stays as it was.
 * Each change sends the matching list-changed notification to every client that can receive it; changes made in
 * the same tick are sent as one.
 */
export interface LiveServer {
  /** Adds a tool after the existing ones. Throws if the name is taken or the definition is invalid. */
  addTool<S extends SchemaInput>(
    name: string,
    definition: ToolDefinition<S>,
    handler: (args: Infer<S>, ctx: Context) => unknown,
  ): void;
  /** Removes a tool; false when there was none of that name (then nothing is sent). */
  removeTool(name: string): boolean;
  /** A fixed URI adds a resource (`(ctx) => contents`); a URI with `{variables}` adds a template. */
  addResource<U extends string>(uri: U, definition: ResourceOptions, handler: ResourceHandler<U>): void;
  /** Removes a resource or a resource template, by the URI (or URI template) it was added with. */
  removeResource(uri: string): boolean;
  addPrompt<S extends SchemaInput>(
    name: string,
    definition: PromptDefinition<S>,
    handler: (args: Infer<S>, ctx: Context) => unknown,
  ): void;
  removePrompt(name: string): boolean;
}

/**
 * Change notifications for what the model cannot see change by itself: data behind a resource, or lists that a
 * handler computes. They reach 2026-07-28 clients on their `subscriptions/listen` streams and legacy clients as
 * unsolicited notifications (`resourceUpdated` only to clients that subscribed to that URI).
 */
export interface Notifier {
  toolsChanged(): void;
  resourcesChanged(): void;
  promptsChanged(): void;
  resourceUpdated(uri: string): void;
}
