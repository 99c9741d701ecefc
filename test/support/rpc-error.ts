import { expect } from "vitest";

/** The JSON-RPC error a call was rejected with (v2 ProtocolError and v1 McpError both carry `code`). */
export async function rpcError(call: Promise<unknown>): Promise<{ code: number; message: string }> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, "the call should have been rejected with a JSON-RPC error").toBeInstanceOf(Error);
  return error as { code: number; message: string };
}
