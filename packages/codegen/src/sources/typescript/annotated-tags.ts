import { TOOL_HINTS, URI_SCHEME } from "@mcpsmith/runtime/internal";
import { CodegenError } from "../../errors.js";
import type { ToolAnnotationsIR } from "../../ir/types.js";
import { SAFE_TOOL_NAME_CHARACTERS } from "../../names/tool-name.js";
import type { DocComment } from "./doc-comments.js";

/**
 * What the JSDoc tags of one declaration ask for. The grammar (docs/generate-ts.md):
 * - `@tool [name]`: a tool, named after the function or method unless a name follows;
 * - `@resource <uri>`: a resource at a fixed URI, or a template when the URI has `{variables}`;
 * - `@prompt [name]`: a prompt;
 * - with them: `@title <text>`; for tools `@readOnly`, `@destructive`, `@idempotent`, `@openWorld`; for
 *   resources `@mimeType <type>`.
 */
export type Annotation =
  | {
      kind: "tool";
      name?: string;
      title?: string;
      hints: ToolAnnotationsIR;
      /** `@deprecated [what to use instead]`: the text, possibly empty; absent when not deprecated. */
      deprecated?: string;
    }
  | { kind: "resource"; uri: string; title?: string; mimeType?: string }
  | { kind: "prompt"; name?: string; title?: string };

const KINDS = ["tool", "resource", "prompt"] as const;

/** A declaration's annotation, or undefined when it carries none of `@tool`, `@resource`, `@prompt`. */
export function readAnnotation(docs: readonly DocComment[], where: string): Annotation | undefined {
  const tags = docs.flatMap((doc) => doc.tags);
  const kinds = tags.filter((tag) => (KINDS as readonly string[]).includes(tag.name));
  if (kinds.length === 0) return undefined;
  if (kinds.length > 1) {
    throw new CodegenError(
      "E_ANNOTATION_INVALID",
      `${where}: has ${kinds.map((tag) => `@${tag.name}`).join(" and ")}; one declaration is one tool, resource or prompt.`,
    );
  }
  const [kind] = kinds;
  const title = tagText(tags, "title");
  const titled = title === undefined ? {} : { title };
  if (kind!.name === "resource") {
    const uri = firstWord(kind!.text);
    if (uri === undefined || !URI_SCHEME.test(uri)) {
      throw new CodegenError(
        "E_ANNOTATION_INVALID",
        `${where}: @resource needs a URI with a scheme, e.g. \`@resource notes://{id}\`; got "${kind!.text}".`,
      );
    }
    const mimeType = tagText(tags, "mimeType");
    return { kind: "resource", uri, ...titled, ...(mimeType !== undefined && { mimeType }) };
  }
  const name = explicitName(kind!.name, kind!.text, where);
  const named = name === undefined ? {} : { name };
  if (kind!.name === "prompt") return { kind: "prompt", ...named, ...titled };
  const hints: ToolAnnotationsIR = {};
  for (const [tag, hint] of Object.entries(TOOL_HINTS)) {
    if (tags.some((candidate) => candidate.name === tag)) hints[hint] = true;
  }
  const deprecated = tags.find((tag) => tag.name === "deprecated")?.text;
  return { kind: "tool", ...named, ...titled, hints, ...(deprecated !== undefined && { deprecated }) };
}

/** `@tool search_notes`: one word right after the tag; text on the following lines is not a name. */
function explicitName(tag: string, text: string, where: string): string | undefined {
  const firstLine = text.split("\n")[0]!.trim();
  if (firstLine === "") return undefined;
  if (!SAFE_TOOL_NAME_CHARACTERS.test(firstLine)) {
    throw new CodegenError(
      "E_ANNOTATION_INVALID",
      `${where}: @${tag} takes an optional name of letters, digits, "_" and "-" (e.g. \`@${tag} search_notes\`); got "${firstLine}". Put the description in the JSDoc summary.`,
    );
  }
  return firstLine;
}

function tagText(tags: readonly { name: string; text: string }[], name: string): string | undefined {
  const text = tags.find((tag) => tag.name === name)?.text;
  return text === undefined || text === "" ? undefined : text;
}

function firstWord(text: string): string | undefined {
  return text.split(/\s+/)[0] || undefined;
}
