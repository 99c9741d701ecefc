import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { estimateTokens } from "../packages/codegen/dist/index.js";
import { createTestClient, server } from "./support/runtime.js";

// One estimate of tokens for every figure mcpsmith gives: the budgets the generator and the doctor print, and the
// limit the runtime cuts results at. A result the estimate puts at the limit passes whole; one more token is cut.
const LIMIT = 10;
const app = server({ name: "budget", version: "1.0.0", options: { maxResultTokens: LIMIT } }).tool(
  "echo",
  { description: "Echo", input: z.object({ text: z.string() }) },
  ({ text }) => text,
);

describe("the token estimate", () => {
  const connecting = createTestClient(app);
  afterAll(async () => (await connecting).close());

  async function echo(text: string): Promise<string[]> {
    const client = await connecting;
    const result = await client.callTool({ name: "echo", arguments: { text } });
    return (result.content as { type: string; text: string }[]).map((block) => block.text);
  }

  it("is the one the runtime cuts results by", async () => {
    let atLimit = "";
    while (estimateTokens(`${atLimit}x`) <= LIMIT) atLimit += "x";
    expect(estimateTokens(atLimit)).toBe(LIMIT);
    expect(await echo(atLimit)).toEqual([atLimit]);

    const over = `${atLimit}x`;
    expect(estimateTokens(over)).toBe(LIMIT + 1);
    const cut = await echo(over);
    expect(cut[0]).toBe(atLimit);
    expect(cut.at(-1)).toContain("[Result truncated");
  });
});
