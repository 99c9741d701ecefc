import type { Server, ServerOptions } from "@modelcontextprotocol/server";
import { AjvJsonSchemaValidator } from "../../sdk.js";
import { withTasksExtension } from "../tasks/call.js";
import type { TaskManager } from "../tasks/manager.js";
import type { ModelHandler, ModelMethod } from "./handlers.js";

// What the fast paths need of the servers server-factory.ts builds, apart from it: building a `Server` needs the SDK,
// and the fast paths must not load it (src/sdk.ts).

/** The model's options with the validator, by the model's options (one object per compiled model). */
const withValidator = new WeakMap<ServerOptions, ServerOptions>();
let sharedValidator: AjvJsonSchemaValidator | undefined;

/**
 * The options a served `Server` is built with: the model's, the JSON Schema validator, and the tasks extension where
 * tasks are served. The SDK uses the validator only to check elicitation answers, so one instance serves every
 * server; it is made with the first server, once the SDK is loaded (a compiled model holds none: a model is
 * compiled, and changed, before the SDK is loaded on the lean entry, src/sdk.ts).
 */
export function servedOptions(options: ServerOptions, tasks: TaskManager | undefined): ServerOptions {
  let served = withValidator.get(options);
  if (served === undefined) {
    sharedValidator ??= new AjvJsonSchemaValidator();
    served = { ...options, jsonSchemaValidator: sharedValidator };
    withValidator.set(options, served);
  }
  return tasks ? withTasksExtension(served) : served;
}

/** The model's handlers bound to a connection's server: the legacy fast path calls these, sharing its state. */
const bound = new WeakMap<Server, Record<ModelMethod, ModelHandler>>();

/** Called by server-factory.ts for each server it binds the model's handlers to. */
export function rememberHandlers(server: Server, handlers: Record<ModelMethod, ModelHandler>): void {
  bound.set(server, handlers);
}

/**
 * The handlers a connection's server registered (its log level, its client's identity and its projection of tool
 * results go with them), for the legacy fast path to call (engine/fast/legacy-fast-path.ts).
 */
export function boundHandlers(server: Server): Record<ModelMethod, ModelHandler> | undefined {
  return bound.get(server);
}
