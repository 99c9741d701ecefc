import type { CallToolResult, ContentBlock, GetPromptResult, ReadResourceResult } from "@modelcontextprotocol/client";
import type { Style } from "./style.js";

/**
 * A tool result for a person: structured content as indented JSON (the text block then only repeats it),
 * otherwise each content block in order, binary blocks as a one-line summary.
 */
export function formatToolResult(result: CallToolResult, style: Style): string {
  const blocks = result.content ?? [];
  if (result.structuredContent !== undefined) {
    const others = blocks.filter((block) => block.type !== "text");
    return [JSON.stringify(result.structuredContent, null, 2), ...others.map((block) => formatBlock(block, style))]
      .join("\n")
      .concat("\n");
  }
  if (blocks.length === 0) return style.dim("(no content)\n");
  return `${blocks.map((block) => formatBlock(block, style)).join("\n")}\n`;
}

/** The text of an error result, for stderr. */
export function toolErrorText(result: CallToolResult): string {
  const texts = (result.content ?? []).filter((block) => block.type === "text").map((block) => block.text);
  return texts.length ? texts.join("\n") : "(no message)";
}

export function formatBlock(block: ContentBlock, style: Style): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
    case "audio":
      return style.dim(`[${block.type} ${block.mimeType}, ${size(block.data)}; use --json for the data]`);
    case "resource_link":
      return `${style.dim("[link]")} ${block.uri}${block.name ? ` — ${block.name}` : ""}`;
    case "resource": {
      const contents = block.resource;
      return "text" in contents
        ? `${style.dim(`[resource ${contents.uri}]`)}\n${contents.text}`
        : style.dim(`[resource ${contents.uri}, ${contents.mimeType ?? "binary"}, ${size(contents.blob)}]`);
    }
    default:
      return style.dim(`[${(block as { type: string }).type} content]`);
  }
}

export function formatResource(result: ReadResourceResult, style: Style): string {
  const many = result.contents.length > 1;
  const parts = result.contents.map((contents) => {
    const header = many
      ? `${style.dim(`── ${contents.uri}${contents.mimeType ? ` (${contents.mimeType})` : ""}`)}\n`
      : "";
    if ("text" in contents) return header + contents.text.replace(/\n$/, "");
    return header + style.dim(`[${contents.mimeType ?? "binary"}, ${size(contents.blob)}; use --json for the data]`);
  });
  return `${parts.join("\n")}\n`;
}

export function formatPrompt(result: GetPromptResult, style: Style): string {
  const lines = result.description ? [style.dim(result.description), ""] : [];
  for (const message of result.messages) {
    lines.push(`${style.bold(`${message.role}:`)} ${formatBlock(message.content as ContentBlock, style)}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Decoded size of base64 data, readable. */
function size(base64: string): string {
  const bytes = Math.floor((base64.length * 3) / 4) - (base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0);
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} kB`;
}
