// Model resolution: the one place where what users serve (a `ServerModel`, a `server()` builder, decorated objects)
// becomes the model the engine compiles. Decorated objects are read by from-instance.ts, which the builder's `use()`
// shares (the builder cannot import this file, which recognises builders).
import { McpsmithError } from "../errors.js";
import { ServerBuilder } from "./builder.js";
import { addInstance } from "./from-instance.js";
import type { Middleware } from "./middleware.js";
import type { ModelOptions, ServerInfo, ServerModel } from "./types.js";

/** Anything mcpsmith can serve: a model, a builder, or objects whose classes use the decorators. */
export type ServeTarget = ServerModel | ServerBuilder | object | readonly object[];

/** Server identity and model options for targets that do not carry their own (decorated objects). */
export interface TargetOptions {
  name?: string;
  version?: string;
  title?: string;
  instructions?: string;
  options?: ModelOptions;
  /** Middleware around requests and tool calls, after any the target carries (docs/middleware.md). */
  use?: readonly Middleware[];
}

/** Whether a value is a `ServerModel` (by shape: a model built by another copy of the runtime counts). */
export function isModel(target: unknown): target is ServerModel {
  const candidate = target as Partial<ServerModel>;
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    Array.isArray(candidate.tools) &&
    typeof candidate.info === "object"
  );
}

/** Resolves a target to its model; options fill in what the target leaves out and never override it. */
export function toModel(target: ServeTarget, options: TargetOptions = {}): ServerModel {
  if (target instanceof ServerBuilder) return withOptions(target.build(), options);
  if (isModel(target)) return withOptions(target, options);
  const instances = Array.isArray(target) ? target : [target];
  if (instances.length === 0 || instances.some((i) => typeof i !== "object" || i === null)) {
    throw new McpsmithError(
      "E_TARGET_INVALID",
      "serve() takes a server() builder, a ServerModel, or decorated objects",
    );
  }
  const model: ServerModel = {
    info: { name: options.name ?? instances[0]!.constructor.name, version: options.version ?? "0.0.0" },
    tools: [],
    resources: [],
    resourceTemplates: [],
    prompts: [],
    options: { ...options.options },
  };
  if (options.title !== undefined) model.info.title = options.title;
  if (options.instructions !== undefined) model.instructions = options.instructions;
  if (options.use !== undefined) model.middleware = [...options.use];
  for (const instance of instances) addInstance(model, instance);
  return model;
}

function withOptions(model: ServerModel, options: TargetOptions): ServerModel {
  const info: ServerInfo = { ...model.info };
  if (!info.name && options.name) info.name = options.name;
  if (!info.version && options.version) info.version = options.version;
  return {
    ...model,
    info,
    ...(model.instructions === undefined &&
      options.instructions !== undefined && { instructions: options.instructions }),
    options: { ...options.options, ...model.options },
    ...((model.middleware !== undefined || options.use !== undefined) && {
      middleware: [...(model.middleware ?? []), ...(options.use ?? [])],
    }),
  };
}
