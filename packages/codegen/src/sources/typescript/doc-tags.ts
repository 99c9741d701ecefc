import type { ts } from "ts-morph";
import { isSchemaPattern } from "../../ir/pattern.js";
import { type DocTag, docCommentsOf } from "./doc-comments.js";
import { problemAtOffset, type TypeSchemaProblem } from "./type-schema-error.js";

/** What a declaration's doc comment adds to its schema: a description, keywords, and whether it is an integer. */
export interface DocAnnotations {
  description?: string;
  keywords: Record<string, unknown>;
  integer: boolean;
}

const NUMERIC_TAGS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"] as const;
const COUNT_TAGS = ["minLength", "maxLength", "minItems", "maxItems"] as const;
const STRING_TAGS = ["pattern", "format"] as const;
/** Tags whose value is JSON when it parses as JSON, else the text itself (`@default hello`). */
const VALUE_TAGS = ["default", "example"] as const;

const EMPTY: DocAnnotations = Object.freeze({ keywords: Object.freeze({}), integer: false }) as DocAnnotations;

/** The summary of a declaration's doc comment (its last one's), trimmed, or undefined when there is none. */
export function summaryOf(node: ts.Node): string | undefined {
  const text = docCommentsOf(node).at(-1)?.summary;
  return text ? text : undefined;
}

/** The tags of a declaration's doc comments. */
export function tagsOf(node: ts.Node): DocTag[] {
  return docCommentsOf(node).flatMap((comment) => comment.tags);
}

/** Reads a declaration's description and schema tags; a malformed tag is a problem at the tag itself. */
export function annotationsOf(node: ts.Node | undefined, path: string, problems: TypeSchemaProblem[]): DocAnnotations {
  if (node === undefined) return EMPTY;
  const comments = docCommentsOf(node);
  if (comments.length === 0) return EMPTY;
  const description = comments.at(-1)?.summary || undefined;
  const tags = comments.flatMap((comment) => comment.tags);
  if (description === undefined && tags.length === 0) return EMPTY;
  const annotations: DocAnnotations = { keywords: {}, integer: false };
  if (description !== undefined) annotations.description = description;
  for (const tag of tags) readTag(tag, annotations, path, problems);
  return annotations;
}

/** Applies one tag; tags mcpsmith does not know (`@see`, `@remarks`) are left to the reader of the source. */
export function readTag(tag: DocTag, annotations: DocAnnotations, path: string, problems: TypeSchemaProblem[]): void {
  const { name, text } = tag;
  const keywords = annotations.keywords;
  if (name === "integer") annotations.integer = true;
  else if (name === "deprecated") keywords.deprecated = true;
  else if (name === "description" && text) annotations.description = text;
  else if ((NUMERIC_TAGS as readonly string[]).includes(name)) {
    const value = Number(text);
    if (text === "" || !Number.isFinite(value)) {
      problems.push(problemAtTag(tag, path, `@${name} takes a number (write \`@${name} 10\`), got "${text}".`));
    } else keywords[name] = value;
  } else if ((COUNT_TAGS as readonly string[]).includes(name)) {
    const value = Number(text);
    if (text === "" || !Number.isSafeInteger(value) || value < 0) {
      problems.push(
        problemAtTag(tag, path, `@${name} takes a whole number >= 0 (write \`@${name} 3\`), got "${text}".`),
      );
    } else keywords[name] = value;
  } else if ((STRING_TAGS as readonly string[]).includes(name)) {
    if (text === "")
      problems.push(problemAtTag(tag, path, `@${name} needs a value (write \`@${name} ${example(name)}\`).`));
    else if (name === "pattern" && !isSchemaPattern(text)) {
      problems.push(problemAtTag(tag, path, `@pattern is not a valid regular expression: ${text}`));
    } else keywords[name] = text;
  } else if ((VALUE_TAGS as readonly string[]).includes(name)) {
    if (text === "")
      problems.push(problemAtTag(tag, path, `@${name} needs a value (JSON, or plain text for a string).`));
    else if (name === "default") keywords.default = jsonOrText(text);
    else keywords.examples = [...((keywords.examples as unknown[] | undefined) ?? []), jsonOrText(text)];
  }
}

function problemAtTag(tag: DocTag, path: string, message: string): TypeSchemaProblem {
  return problemAtOffset(tag.file, tag.at, path, message);
}

function example(tag: string): string {
  return tag === "pattern" ? "^[a-z]+$" : "email";
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
