import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/server";

/**
 * What an api function resolves to, as JSON text: the tool's structured content when it has some, else its text
 * (parsed when it is JSON the tool declares, or a JSON object or array), else a description of each block that is
 * not text. Bytes never enter the sandbox: an image is `{ type, mimeType, size }`.
 */
export function apiValueJson(result: CallToolResult, textIsJson: boolean): string {
  if (result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  const blocks = result.content ?? [];
  if (blocks.length === 0) return "null";
  if (blocks.every((block) => block.type === "text")) {
    const text = blocks.map((block) => (block as { text: string }).text).join("\n");
    return jsonOfText(text, textIsJson) ?? JSON.stringify(text);
  }
  const values = blocks.map((block) => (block.type === "text" ? block.text : describeContent(block)));
  return JSON.stringify(values.length === 1 ? values[0] : values);
}

/** The message of an `isError` result: its text blocks. */
export function errorMessageOf(result: CallToolResult): string {
  const text = (result.content ?? [])
    .flatMap((block) => (block.type === "text" ? [block.text] : []))
    .join("\n")
    .trim();
  return text === "" ? "The tool failed without saying why" : text;
}

function jsonOfText(text: string, declared: boolean): string | undefined {
  const trimmed = text.trim();
  if (!declared && !(trimmed.startsWith("{") || trimmed.startsWith("["))) return undefined;
  try {
    JSON.parse(trimmed);
    return trimmed;
  } catch {
    return undefined;
  }
}

function describeContent(block: ContentBlock): Record<string, unknown> {
  switch (block.type) {
    case "image":
    case "audio":
      return { type: block.type, mimeType: block.mimeType, size: base64Bytes(block.data) };
    case "resource_link":
      return {
        type: "resource_link",
        uri: block.uri,
        name: block.name,
        ...(block.mimeType !== undefined && { mimeType: block.mimeType }),
      };
    case "resource": {
      const { resource } = block;
      const mimeType = resource.mimeType === undefined ? {} : { mimeType: resource.mimeType };
      return "text" in resource
        ? { type: "resource", uri: resource.uri, ...mimeType, text: resource.text }
        : { type: "resource", uri: resource.uri, ...mimeType, size: base64Bytes(resource.blob) };
    }
    default:
      return { type: (block as { type: string }).type };
  }
}

/** The number of bytes a base64 text encodes. */
function base64Bytes(data: string): number {
  const length = data.replace(/\s/g, "").length;
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((length * 3) / 4) - padding);
}
