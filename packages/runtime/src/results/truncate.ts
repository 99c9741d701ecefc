import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/server";

/**
 * Characters per token, the rough estimate every token figure of mcpsmith uses (codegen's budgets, the CLI's
 * doctor and this truncation): BPE tokenizers of current models average about 4 characters per token on English
 * and JSON; identifiers and non-Latin text cost more.
 */
export const CHARS_PER_TOKEN = 4;
export const DEFAULT_MAX_RESULT_TOKENS = 25_000;

/**
 * Cuts the text of a result that would blow the client's context budget (Claude Code refuses MCP output over
 * 25,000 tokens by default) and says so in a final text block, so the model knows to ask for less.
 * Structured content is kept when the tool declares an output schema (clients rely on it) and dropped
 * otherwise, since it only repeated the text that was cut.
 */
export function truncateResult(result: CallToolResult, maxTokens: number, hasOutputSchema: boolean): CallToolResult {
  const limit = maxTokens * CHARS_PER_TOKEN;
  const total = result.content.reduce((sum, block) => sum + textLength(block), 0);
  if (total <= limit) return result;

  let budget = limit;
  const content: ContentBlock[] = [];
  for (const block of result.content) {
    const length = textLength(block);
    if (length === 0) content.push(block);
    else if (budget <= 0) continue;
    else if (block.type === "text" && length > budget) {
      content.push({ ...block, text: block.text.slice(0, budget) });
      budget = 0;
    } else if (length > budget) {
      budget = 0; // an embedded text resource cannot be cut meaningfully: leave it out
    } else {
      content.push(block);
      budget -= length;
    }
  }
  content.push({
    type: "text",
    text:
      `[Result truncated: ${total.toLocaleString("en-US")} characters exceed the limit of about ${maxTokens.toLocaleString("en-US")} tokens. ` +
      "Ask for less, for example with narrower filters or a smaller page.]",
  });
  const { structuredContent, ...rest } = result;
  return hasOutputSchema && structuredContent !== undefined
    ? { ...rest, content, structuredContent }
    : { ...rest, content };
}

function textLength(block: ContentBlock): number {
  if (block.type === "text") return block.text.length;
  if (block.type === "resource" && "text" in block.resource) return block.resource.text.length;
  return 0;
}
