import type { Connection } from "../client/connect.js";

/** One page of tools/list as the server sent it, before any client-side validation. */
interface RawPage {
  tools?: unknown;
  nextCursor?: unknown;
}

/** Accepts any result: doctor must see what the server sent, including what a strict client would refuse. */
const ANY_RESULT = {
  "~standard": {
    version: 1 as const,
    vendor: "mcpsmith",
    validate: (value: unknown) => ({ value: value as RawPage }),
  },
};

const MAX_PAGES = 200;

/**
 * Every tool the server lists, raw (the official client's listTools validates each tool and would hide exactly
 * the problems doctor reports). Walks the pages by cursor; an empty list when the server has no tools capability.
 */
export async function fetchRawTools(connection: Connection, timeoutMs: number): Promise<unknown[]> {
  const { client } = connection;
  if (!client.getServerCapabilities()?.tools) return [];
  const tools: unknown[] = [];
  let cursor: string | undefined;
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = (await client.request(
        { method: "tools/list", params: cursor === undefined ? {} : { cursor } },
        ANY_RESULT,
        { timeout: timeoutMs },
      )) as RawPage;
      if (Array.isArray(result.tools)) tools.push(...result.tools);
      if (typeof result.nextCursor !== "string" || result.nextCursor === "") break;
      cursor = result.nextCursor;
    }
  } catch (error) {
    throw connection.explain(error, "listing tools");
  }
  return tools;
}
