/**
 * `@mcpsmith/runtime/http`: the executor behind servers generated from OpenAPI documents (and `mcpsmith serve
 * openapi`). Turns tool arguments into an HTTP request and the response into a tool result.
 */

export { createHttpExecutor, type HttpCallContext, type HttpExecutor, type HttpExecutorOptions } from "./executor.js";
export {
  type CallerHeaders,
  FORWARD_CREDENTIALS_ENV,
  FORWARD_CREDENTIALS_FALLBACK_ENV,
  ForwardCredentialsError,
  type ForwardCredentialsOptions,
} from "./forward.js";
export type {
  HttpApi,
  HttpBody,
  HttpBodyEncoding,
  HttpFixedHeader,
  HttpFixedQueryItem,
  HttpOperation,
  HttpParameter,
  HttpSecurityRequirement,
  HttpSecurityScheme,
  HttpServer,
  HttpServerVariable,
  ParameterLocation,
  ParameterStyle,
} from "./operation.js";
export type { HttpCallResult } from "./response.js";
