import type { ServerEvent, ServerEventBus } from "@modelcontextprotocol/server";
import { McpsmithError } from "../errors.js";
import type { LiveServer, Notifier } from "../model/context.js";
import { addPrompt, addResource, addTool, type ModelParts } from "../model/members.js";
import type { ServerModel } from "../model/types.js";
import { InMemoryServerEventBus } from "../sdk.js";
import { compileModel } from "./compile.js";
import type { CompiledModel } from "./compiled.js";
import { type MiddlewareHooks, middlewareHooks } from "./hooks.js";
import { replacedEntries, withEntries, withoutPrompt, withoutResource, withoutTool } from "./live-changes.js";
import { DEFAULT_PAGE_SIZE } from "./pagination.js";
import { reportFailure } from "./report.js";

type ListChange = Exclude<ServerEvent["kind"], "resource_updated">;

/**
 * A compiled model that can change while it is served, and the bus its changes are announced on. Every serving
 * entry reads `current` when it handles a request, so a change is seen by the next request on every connection;
 * a change compiles only the new entry and rebuilds only the list it belongs to, never work per request.
 */
export class LiveModel {
  #bus: ServerEventBus | undefined;
  readonly pageSize: number;
  /** The handler-facing API for changing the model (`ctx.server`). */
  readonly server: LiveServer;
  /** The handler-facing API for announcing changes the model cannot see (`ctx.notify`). */
  readonly notify: Notifier;
  readonly #base: Pick<ServerModel, "info" | "options">;
  /** The model's middleware hooks, by kind: fixed for the life of the server. */
  readonly middleware: MiddlewareHooks;
  #current: CompiledModel;
  readonly #pending = new Set<ListChange>();

  constructor(model: ServerModel, bus?: ServerEventBus) {
    this.#current = compileModel(model);
    this.middleware = middlewareHooks(model.middleware);
    this.#base = { info: model.info, options: model.options };
    this.pageSize = model.options.pageSize ?? DEFAULT_PAGE_SIZE;
    this.#bus = bus;
    this.notify = {
      toolsChanged: () => this.#announce("tools_list_changed"),
      resourcesChanged: () => this.#announce("resources_list_changed"),
      promptsChanged: () => this.#announce("prompts_list_changed"),
      resourceUpdated: (uri) => this.#publish({ kind: "resource_updated", uri }),
    };
    this.server = {
      addTool: (name, definition, handler) => {
        const taken = this.#current.tools.has(name);
        this.#add(`tool "${name}"`, taken, (parts) => addTool(parts, name, definition, handler));
        this.#announce("tools_list_changed");
      },
      removeTool: (name) => this.#remove(withoutTool(this.#current, name), "tools_list_changed"),
      addResource: (uri, definition, handler) => {
        const current = this.#current;
        const taken = current.resources.has(uri) || current.templates.some((t) => t.wire.uriTemplate === uri);
        this.#add(`resource "${uri}"`, taken, (parts) =>
          addResource(parts, uri, definition.name ?? uri, definition, handler as (...args: never[]) => unknown),
        );
        this.#announce("resources_list_changed");
      },
      removeResource: (uri) => this.#remove(withoutResource(this.#current, uri), "resources_list_changed"),
      addPrompt: (name, definition, handler) => {
        const taken = this.#current.prompts.has(name);
        this.#add(`prompt "${name}"`, taken, (parts) => addPrompt(parts, name, definition, handler));
        this.#announce("prompts_list_changed");
      },
      removePrompt: (name) => this.#remove(withoutPrompt(this.#current, name), "prompts_list_changed"),
    };
  }

  /**
   * Where change events go: `subscriptions/listen` streams and long-lived legacy connections listen here. The SDK's
   * in-memory bus unless one was given, made at the first use: the model is compiled before the SDK is loaded
   * (src/sdk.ts).
   */
  get bus(): ServerEventBus {
    this.#bus ??= new InMemoryServerEventBus((error) => reportFailure("a change listener failed", error));
    return this.#bus;
  }

  /** The model as it is now: read it once per request and use that snapshot for the whole request. */
  get current(): CompiledModel {
    return this.#current;
  }

  /** Compiles a model holding only the new entry (the same checks as at start-up), then splices it in. */
  #add(what: string, taken: boolean, fill: (parts: ModelParts) => void): void {
    const part: ServerModel = { ...this.#base, tools: [], resources: [], resourceTemplates: [], prompts: [] };
    let compiled: CompiledModel;
    try {
      if (taken) throw new McpsmithError("E_MODEL_INVALID", `${what} already exists (remove it first to replace it)`);
      fill(part);
      compiled = compileModel(part);
    } catch (error) {
      throw new McpsmithError(
        "E_MODEL_INVALID",
        `Cannot add ${what}; the running model is unchanged. ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    this.#current = withEntries(this.#current, compiled);
  }

  /**
   * Serves another model in place of the whole catalogue (what a composed server does when a remote source's lists
   * changed): its tools, resources, templates, prompts, completions and instructions, compiled and checked first
   * (an invalid model throws and nothing changes). The server's identity, options and middleware stay those it was
   * served with. Each list that differs is announced as changed. The instructions are told to connections made from
   * then on (a legacy session keeps those of its `initialize`; a 2026-07-28 client reads them at its next
   * `server/discover`); no notification exists for them.
   */
  replace(model: ServerModel): void {
    let compiled: CompiledModel;
    try {
      compiled = compileModel({ ...model, ...this.#base, middleware: [] });
    } catch (error) {
      throw new McpsmithError(
        "E_MODEL_INVALID",
        `Cannot replace the model; the running model is unchanged. ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    const before = this.#current;
    this.#current = replacedEntries(before, compiled);
    const differ = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
    if (differ(before.toolList, compiled.toolList)) this.#announce("tools_list_changed");
    if (differ(before.resourceList, compiled.resourceList) || differ(before.templateList, compiled.templateList)) {
      this.#announce("resources_list_changed");
    }
    if (differ(before.promptList, compiled.promptList)) this.#announce("prompts_list_changed");
  }

  #remove(next: CompiledModel | undefined, change: ListChange): boolean {
    if (!next) return false;
    this.#current = next;
    this.#announce(change);
    return true;
  }

  /**
   * List changes made in the same tick go out as one notification: adding fifty tools in a loop should not send
   * every client fifty notifications and make it fetch the list fifty times.
   */
  #announce(change: ListChange): void {
    if (this.#pending.has(change)) return;
    this.#pending.add(change);
    queueMicrotask(() => {
      this.#pending.delete(change);
      this.#publish({ kind: change });
    });
  }

  /**
   * An event for the bus's listeners. Before the bus is made no one listens (a listener gets it through `bus`,
   * which makes it), and the SDK may not be loaded yet (a stdio server on the lean entry changing its model before
   * a connection has been handed to the SDK): there is no one to tell.
   */
  #publish(event: ServerEvent): void {
    this.#bus?.publish(event);
  }
}
