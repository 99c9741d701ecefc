// Must stay the first import: decorated classes need Symbol.metadata before they are evaluated.
import "./polyfill.js";

// `@mcpsmith/runtime/lean`: the runtime without a static import of the SDK (and so of zod), for entries a host
// starts (the servers mcpsmith's generators write): defining tools and `serve()`. The SDK is loaded by `serve()`
// (src/sdk.ts). The full entry (index.ts) is this and the SDK's values a handler may use (`ProtocolError`,
// `inputRequired`, …) and `toFetchHandler`; importing both in one program is fine, and then the SDK loads at once.
// `discoveryTools` and `createHttpExecutor` are here as well as in their own entries (which have the rest of each
// API) so that a generated OpenAPI server takes its runtime values from one entry: each entry a server imports is
// a package specifier Node resolves and a module it loads before its first answer, and on Node 20 those two cost a
// generated project's start-up about a tenth of its CPU time (docs/performance.md, "Start-up").
export type { AuthOptions } from "./auth/types.js";
export { prompt, resource, tool } from "./decorators/decorators.js";
export { discoveryTools } from "./discovery/tools.js";
export type { TaskOptions } from "./engine/tasks/manager.js";
export {
  InMemoryTaskStore,
  type StoredTask,
  type TaskCommand,
  type TaskError,
  type TaskRelay,
  type TaskStatus,
  type TaskStore,
} from "./engine/tasks/store.js";
export { ERROR_CODES, type ErrorCode, McpsmithError } from "./errors.js";
export { createHttpExecutor } from "./executors/http/executor.js";
export { RATE_LIMITED, type RateLimitOptions, rateLimit } from "./middleware/rate-limit.js";
export { type RequestLogEntry, type RequestLogOptions, requestLog } from "./middleware/request-log.js";
export type { AuthContext } from "./model/auth.js";
export { ServerBuilder, type ServerDefinition, server } from "./model/builder.js";
export type {
  ClientInfo,
  Context,
  ElicitAnswer,
  ElicitContent,
  ElicitSchema,
  Era,
  InputOptions,
  LiveServer,
  LogLevel,
  Notifier,
} from "./model/context.js";
export type { DatePlan } from "./model/dates.js";
export type {
  HttpExchange,
  Middleware,
  RequestInfo,
  ToolCall,
  ToolCallResult,
  TransportKind,
} from "./model/middleware.js";
export type {
  CompletionSource,
  PromptOptions,
  ResourceOptions,
  TaskSupport,
  ToolHints,
  ToolOptions,
} from "./model/options.js";
export { type ServeTarget, type TargetOptions, toModel } from "./model/resolve.js";
export type {
  CacheableMethod,
  CacheHint,
  ModelOptions,
  PromptModel,
  RequestStateOptions,
  ResourceModel,
  ResourceTemplateModel,
  ServerInfo,
  ServerModel,
  ToolAnnotations,
  ToolModel,
} from "./model/types.js";
export { audio, type Content, embedded, image, resourceLink, text } from "./results/content.js";
export { ToolError } from "./results/tool-error.js";
export type { Int } from "./schema/int.js";
export type { Infer, JsonSchema, SchemaInput, StandardSchemaLike } from "./schema/types.js";
export type { FetchHandler, FetchHandlerOptions } from "./serve/fetch.js";
export type { LegacySessionLimits } from "./serve/legacy-sessions.js";
export type { HttpOptions } from "./serve/node-server.js";
export type { EndpointOptions } from "./serve/options.js";
export { type ServeHandle, type ServeOptions, serve } from "./serve/serve.js";
