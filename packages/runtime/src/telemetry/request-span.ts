import type { Result } from "@modelcontextprotocol/server";
import type { Attributes, Context, Span } from "@opentelemetry/api";
import { ProtocolError } from "../sdk.js";
import type { Telemetry } from "./active.js";
import {
  ERROR_TYPE,
  GEN_AI_OPERATION,
  GEN_AI_PROMPT,
  GEN_AI_TOOL,
  JSONRPC_REQUEST_ID,
  MCP_METHOD,
  MCP_PROTOCOL_VERSION,
  MCP_RESOURCE_URI,
  MCP_SESSION,
  NETWORK_PROTOCOL,
  NETWORK_TRANSPORT,
  RPC_STATUS_CODE,
  TOOL_ERROR,
} from "./conventions.js";
import { parentContext } from "./propagation.js";

/** What a request's span says of it, the same whichever path (SDK or fast) and era serves it. */
export interface RequestFacts {
  readonly method: string;
  readonly id: string | number;
  readonly params: Readonly<Record<string, unknown>> | undefined;
  /** The request's `_meta` as the client sent it (where its trace context travels). */
  readonly meta: unknown;
  /** How the request came: `stdio`, `http`, or `memory` (an in-process pair). */
  readonly transport: string;
  readonly headers: Headers | undefined;
  readonly sessionId: string | undefined;
  readonly protocolVersion: string | undefined;
}

/**
 * The server span of one MCP request, by the MCP semantic conventions: named `{mcp.method.name} {target}`,
 * continuing the client's trace, ended with the request's outcome, and timed into `mcp.server.operation.duration`.
 * A tool call answered with `isError: true` is an error here, though JSON-RPC calls it a success.
 */
export class RequestSpan {
  readonly #telemetry: Telemetry;
  readonly #span: Span | undefined;
  readonly #context: Context;
  readonly #attributes: Attributes;
  readonly #started = performance.now();

  constructor(telemetry: Telemetry, facts: RequestFacts) {
    this.#telemetry = telemetry;
    this.#attributes = metricAttributes(facts);
    const { api, tracer } = telemetry;
    const parent = parentContext(api, facts.meta, facts.headers);
    this.#span = tracer?.startSpan(
      spanName(facts),
      { kind: api.SpanKind.SERVER, attributes: spanAttributes(facts, this.#attributes) },
      parent,
    );
    this.#context = this.#span === undefined ? parent : api.trace.setSpan(parent, this.#span);
  }

  /** Runs `work` with this span as the active one, so what it calls (upstream requests, SQL) nests inside. */
  run<R>(work: () => Promise<R>): Promise<R> {
    return this.#telemetry.api.context.with(this.#context, work);
  }

  /** Ends the span with the request's result. */
  succeed(result: Result | undefined): void {
    if ((result as { isError?: unknown } | undefined)?.isError === true) this.#end(TOOL_ERROR);
    else this.#end(undefined);
  }

  /** Ends the span with what the request failed with (answered as a JSON-RPC error). */
  fail(error: unknown): void {
    if (error instanceof ProtocolError) {
      this.#span?.setAttribute(RPC_STATUS_CODE, String(error.code));
      this.#end(String(error.code), error.message);
    } else {
      if (error instanceof Error) this.#span?.recordException(error);
      this.#end(error instanceof Error ? error.name : "_OTHER");
    }
  }

  #end(errorType: string | undefined, message?: string): void {
    const span = this.#span;
    if (errorType !== undefined) {
      span?.setAttribute(ERROR_TYPE, errorType);
      span?.setStatus({ code: this.#telemetry.api.SpanStatusCode.ERROR, ...(message !== undefined && { message }) });
    }
    span?.end();
    const seconds = (performance.now() - this.#started) / 1000;
    const attributes = errorType === undefined ? this.#attributes : { ...this.#attributes, [ERROR_TYPE]: errorType };
    this.#telemetry.operationDuration?.record(seconds, attributes);
  }
}

/** Runs a request inside its span, ended by how `answer` settles. */
export async function traced(
  telemetry: Telemetry,
  facts: RequestFacts,
  answer: () => Promise<Result>,
): Promise<Result> {
  const span = new RequestSpan(telemetry, facts);
  let result: Result;
  try {
    result = await span.run(answer);
  } catch (error) {
    span.fail(error);
    throw error;
  }
  span.succeed(result);
  return result;
}

/** What a request is about: the tool or prompt named, or the resource read. */
function targetOf(facts: RequestFacts): string | undefined {
  const params = facts.params;
  if (params === undefined) return undefined;
  const target = facts.method === "tools/call" || facts.method === "prompts/get" ? params.name : params.uri;
  return typeof target === "string" ? target : undefined;
}

function spanName(facts: RequestFacts): string {
  const target = targetOf(facts);
  return target === undefined ? facts.method : `${facts.method} ${target}`;
}

/** The attributes both the span and the duration metric carry (low cardinality: no ids). */
function metricAttributes(facts: RequestFacts): Attributes {
  const attributes: Attributes = { [MCP_METHOD]: facts.method };
  const target = targetOf(facts);
  if (facts.method === "tools/call") {
    attributes[GEN_AI_OPERATION] = "execute_tool";
    if (target !== undefined) attributes[GEN_AI_TOOL] = target;
  } else if (facts.method === "prompts/get" && target !== undefined) attributes[GEN_AI_PROMPT] = target;
  if (facts.protocolVersion !== undefined) attributes[MCP_PROTOCOL_VERSION] = facts.protocolVersion;
  if (facts.transport === "stdio") attributes[NETWORK_TRANSPORT] = "pipe";
  else if (facts.transport === "http") {
    attributes[NETWORK_TRANSPORT] = "tcp";
    attributes[NETWORK_PROTOCOL] = "http";
  }
  return attributes;
}

function spanAttributes(facts: RequestFacts, shared: Attributes): Attributes {
  const attributes: Attributes = { ...shared, [JSONRPC_REQUEST_ID]: String(facts.id) };
  if (facts.sessionId !== undefined) attributes[MCP_SESSION] = facts.sessionId;
  if (facts.method.startsWith("resources/")) {
    const uri = facts.params?.uri;
    if (typeof uri === "string") attributes[MCP_RESOURCE_URI] = uri;
  }
  return attributes;
}
