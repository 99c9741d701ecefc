import { telemetryReady } from "../telemetry/api.js";
import "../polyfill.js";
// The SDK bound before any of the runtime runs (src/sdk.ts).
import "../sdk-eager.js";
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { LiveModel } from "../engine/live-model.js";
import { createConnectionServer } from "../engine/server/server-factory.js";
import { type ServeTarget, type TargetOptions, toModel } from "../model/resolve.js";
import { sdkJsonSchemaValidator } from "../schema/sdk-validator.js";
import { toFetchHandler } from "../serve/fetch.js";
import { requestFollowing } from "../serve/follow-signal.js";

/**
 * How the test client negotiates, as real hosts do: `legacy` is the 2025-11-25 `initialize` handshake (the
 * official client's default), `auto` probes with `server/discover`, `2026-07-28` pins the stateless revision.
 */
export type TestEra = "legacy" | "auto" | "2026-07-28";

export interface TestClientOptions extends TargetOptions {
  era?: TestEra;
  /** The client's declared capabilities (elicitation, sampling, roots ...). */
  capabilities?: ConstructorParameters<typeof Client>[1] extends infer O
    ? O extends { capabilities?: infer C }
      ? C
      : never
    : never;
}

/**
 * An official MCP client connected in memory to a target: the quickest honest test of a server.
 * Legacy runs over a linked in-memory pair (a real session); `auto` and `2026-07-28` go through the same
 * fetch handler that `serve()` mounts over HTTP, without a socket.
 *
 * @example
 * ```ts
 * const client = await createTestClient(new Weather(api), { era: "2026-07-28" });
 * const result = await client.callTool({ name: "current", arguments: { city: "Oslo" } });
 * await client.close();
 * ```
 */
export async function createTestClient(target: ServeTarget, options: TestClientOptions = {}): Promise<Client> {
  await telemetryReady();
  const era = options.era ?? "auto";
  const client = new Client(
    { name: "mcpsmith-test-client", version: "1.0.0" },
    {
      // The SDK's default validator prints a warning for every format Ajv does not know, on every outputSchema.
      jsonSchemaValidator: sdkJsonSchemaValidator,
      ...(options.capabilities && { capabilities: options.capabilities }),
      ...(era === "auto" && { versionNegotiation: { mode: "auto" as const } }),
      ...(era === "2026-07-28" && { versionNegotiation: { mode: { pin: "2026-07-28" as const } } }),
    },
  );

  if (era === "legacy") {
    const server = createConnectionServer(new LiveModel(toModel(target, options)), "legacy", "memory");
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    return client;
  }

  const handler = toFetchHandler(target, options);
  const transport = new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
    fetch: (url, init) => handler.fetch(requestFollowing(url, init)),
  });
  await client.connect(transport);
  const close = client.close.bind(client);
  client.close = async () => {
    await close();
    await handler.close();
  };
  return client;
}
