import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { McpsmithError } from "../../errors.js";
import { ToolError } from "../../results/tool-error.js";
import { protocolError, WIRE_ERRORS, type WireErrorName } from "../../wire-errors.js";
import type { RemoteConnection } from "./connection.js";

/**
 * What a failed remote request becomes for the caller. A JSON-RPC error the remote answered is passed on with its
 * message, in the terms of the proxy's own table (an unknown resource is INVALID_PARAMS, as the SDK answers it);
 * a remote that went away, timed out or could not be reached is a `ToolError` naming it, which a tool call answers
 * as an `isError` result (and a read or a prompt as an internal error), while the other sources keep serving.
 */
export function remoteFailure(remote: RemoteConnection, error: unknown): Error {
  if (error instanceof ToolError) return error;
  if (error instanceof ProtocolError) return protocolError(wireNameOf(error.code), error.message, error.data);
  return new ToolError(`The remote server "${remote.key}" ${whatHappened(remote, error)}`);
}

function wireNameOf(code: number): WireErrorName {
  if (code === WIRE_ERRORS.INVALID_PARAMS.code || code === WIRE_ERRORS.RESOURCE_NOT_FOUND.code) return "INVALID_PARAMS";
  if (code === WIRE_ERRORS.METHOD_NOT_FOUND.code) return "METHOD_NOT_FOUND";
  return "INTERNAL_ERROR";
}

function whatHappened(remote: RemoteConnection, error: unknown): string {
  if (error instanceof McpsmithError) return `is unavailable: ${error.message}`;
  if (error instanceof SdkError) {
    if (error.code === SdkErrorCode.ConnectionClosed) return "went away during this call";
    if (error.code === SdkErrorCode.RequestTimeout) return `did not answer within ${remote.timeout} ms`;
    if (error.code === SdkErrorCode.NotConnected) return "is not connected; reconnecting";
  }
  return `failed: ${error instanceof Error ? error.message : String(error)}`;
}
