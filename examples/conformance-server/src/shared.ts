import { z } from "zod";

export const NO_ARGS = z.object({});

/** The one-field forms the multi round-trip scenarios ask for, as JSON Schema (zod objects work too). */
export const form = (field: string, type: "string" | "boolean") => ({
  type: "object",
  properties: { [field]: { type } },
  required: [field],
});
export const NAME_FORM = form("name", "string");
export const CONFIRM_FORM = form("ok", "boolean");

/** The text of a sampling result (`content` is one block, or several on newer revisions). */
export function sampledText(result: { content: unknown }): string {
  const blocks = (Array.isArray(result.content) ? result.content : [result.content]) as { text?: string }[];
  return blocks.map((block) => block.text ?? "").join("");
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
