import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { RedisLink } from "../../packages/runtime/dist/redis/index.js";
import { waitFor } from "./live-clients.js";

/** Deletes every key under the prefix: what a test of the shared Redis leaves behind. */
export async function removeKeys(url: string, prefix: string): Promise<void> {
  const probe = new RedisLink(url, { prefix, log: () => {} });
  try {
    await waitFor("Redis for clean-up", () => probe.commands !== undefined, 10_000);
    const keys = (await probe.commands!.keys(`${prefix}*`)) as string[];
    if (keys.length > 0) await probe.commands!.del(...keys);
  } finally {
    await probe.close();
  }
}

/** A v2 client pinned to 2026-07-28 that answers elicitations with `name`, and records what it was asked. */
export async function pinnedClient(url: URL, name = "Ada"): Promise<{ client: Client; asked: string[] }> {
  const asked: string[] = [];
  const client = new Client(
    { name: "scale-test", version: "1.0.0" },
    { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  client.setRequestHandler("elicitation/create", (request) => {
    asked.push(request.params.message);
    return { action: "accept", content: { name } };
  });
  await client.connect(new StreamableHTTPClientTransport(url));
  return { client, asked };
}
