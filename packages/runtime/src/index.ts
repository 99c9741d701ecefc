// Must stay the first import: decorated classes need Symbol.metadata before they are evaluated.
import "./polyfill.js";

// From the SDK: the lower-level input API, for handlers that build their own input_required rounds (see
// docs/runtime.md), the bus that carries change notifications (`serve({ bus })`, `toFetchHandler({ bus })`), and
// ProtocolError, which a handler throws to answer with a JSON-RPC error (or to fail its task) instead of isError.
export {
  acceptedContent,
  InMemoryServerEventBus,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  ProtocolError,
  ProtocolErrorCode,
  type ServerEvent,
  type ServerEventBus,
} from "@modelcontextprotocol/server";
export { prompt, resource, tool } from "./decorators/decorators.js";
export {
  type DerivedClasses,
  type DerivedSchemas,
  type ModuleSchemasFile,
  PROJECT_SCHEMAS,
  type ProjectSchemasFile,
} from "./decorators/derived.js";
export type { PromptOptions, ResourceOptions, ToolOptions } from "./decorators/metadata.js";
export {
  DEFAULT_STATE_TTL_SECONDS,
  type RequestStateOptions,
  STATE_KEY_ENV,
} from "./engine/request-state.js";
export { type ServeTarget, type TargetOptions, toModel } from "./engine/target.js";
export { TASKS_EXTENSION } from "./engine/tasks/call.js";
export { DEFAULT_POLL_INTERVAL_MS, DEFAULT_TASK_TTL_MS, type TaskOptions } from "./engine/tasks/manager.js";
export {
  InMemoryTaskStore,
  type StoredTask,
  type TaskError,
  type TaskStatus,
  type TaskStore,
} from "./engine/tasks/store.js";
export { ERROR_CODES, type ErrorCode, McpsmithError } from "./errors.js";
export { type Infer, ServerBuilder, type ServerDefinition, server } from "./model/builder.js";
export type {
  ClientInfo,
  Context,
  ElicitAnswer,
  ElicitContent,
  ElicitSchema,
  Era,
  InputOptions,
  LogLevel,
} from "./model/context.js";
export type { LiveServer, Notifier } from "./model/live.js";
export type {
  CacheableMethod,
  CacheHint,
  CompletionSource,
  JsonSchema,
  ModelOptions,
  PromptModel,
  ResourceModel,
  ResourceTemplateModel,
  ServerInfo,
  ServerModel,
  TaskSupport,
  ToolAnnotations,
  ToolHints,
  ToolModel,
} from "./model/types.js";
export { TOOL_NAME } from "./model/validate.js";
export { audio, type Content, embedded, image, resourceLink, text } from "./results/content.js";
export { ToolError } from "./results/tool-error.js";
export type { Int } from "./schema/int.js";
export type { SchemaInput, StandardSchemaLike } from "./schema/types.js";
export { type FetchHandler, type FetchHandlerOptions, toFetchHandler } from "./serve/fetch.js";
export type { LegacySessionLimits } from "./serve/legacy-sessions.js";
export type { HttpOptions } from "./serve/node-server.js";
export type { EndpointOptions } from "./serve/options.js";
export { type ServeHandle, type ServeOptions, serve } from "./serve/serve.js";
