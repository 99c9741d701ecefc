import type { ts } from "ts-morph";
import { compiler } from "./compiler.js";
import { problemAt, type TypeSchemaProblem } from "./type-schema-error.js";

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

const { SyntaxKind } = compiler;

/** The declarations whose doc comments are read (a parameter's or an object literal property's are not). */
const DOCUMENTED = new Set<ts.SyntaxKind>([
  SyntaxKind.ArrowFunction,
  SyntaxKind.CallSignature,
  SyntaxKind.CaseClause,
  SyntaxKind.ClassDeclaration,
  SyntaxKind.ClassExpression,
  SyntaxKind.ClassStaticBlockDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.ConstructSignature,
  SyntaxKind.EnumDeclaration,
  SyntaxKind.EnumMember,
  SyntaxKind.ExportAssignment,
  SyntaxKind.ExpressionStatement,
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.GetAccessor,
  SyntaxKind.ImportEqualsDeclaration,
  SyntaxKind.IndexSignature,
  SyntaxKind.InterfaceDeclaration,
  SyntaxKind.LabeledStatement,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.MethodSignature,
  SyntaxKind.ModuleDeclaration,
  SyntaxKind.NamedTupleMember,
  SyntaxKind.PropertyDeclaration,
  SyntaxKind.PropertySignature,
  SyntaxKind.SetAccessor,
  SyntaxKind.TypeAliasDeclaration,
  SyntaxKind.VariableStatement,
]);

/** The JSDoc blocks of a declaration (the last one wins for the summary, as in editors). */
function docsOf(node: ts.Node): readonly ts.JSDoc[] {
  if (!DOCUMENTED.has(node.kind)) return [];
  return (node as ts.Node & { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
}

/** The summary of a declaration's doc comment, trimmed, or undefined when there is none. */
export function summaryOf(node: ts.Node): string | undefined {
  const doc = docsOf(node).at(-1);
  const text = doc === undefined ? undefined : descriptionOf(doc).trim();
  return text ? text : undefined;
}

/** The tags of a declaration's doc comments. */
export function tagsOf(node: ts.Node): ts.JSDocTag[] {
  return docsOf(node).flatMap((doc) => doc.tags ?? []);
}

/** A tag's text after its name (and after the parameter name of `@param`). */
export function tagText(tag: ts.JSDocTag): string | undefined {
  return typeof tag.comment === "string" ? tag.comment : compiler.getTextOfJSDocComment(tag.comment);
}

/**
 * A doc comment's text before its first tag, as written: the lines' leading `*` (and one space after it) removed,
 * the blank lines and the star that open the tags' part dropped, other spacing kept.
 */
function descriptionOf(doc: ts.JSDoc): string {
  const sourceFile = doc.getSourceFile();
  const text = sourceFile.text;
  let start = doc.getStart(sourceFile) + "/**".length;
  if (text[start] === " ") start += 1;
  let end = doc.tags?.[0]?.getStart(sourceFile) ?? doc.end - "*/".length;
  while (end > 0 && text[end - 1] !== "\n" && isBlankOrStar(text[end - 1] as string)) end -= 1;
  while (end > 0 && (text[end - 1] === "\n" || text[end - 1] === "\r")) end -= 1;
  return text.slice(start, Math.max(start, end)).split("\n").map(withoutLeadingStar).join("\n");
}

function isBlankOrStar(char: string): boolean {
  return char === "*" || /\s/.test(char);
}

function withoutLeadingStar(line: string): string {
  const star = /^\s*\*/.exec(line);
  if (star === null) return line;
  const after = star[0].length;
  return line.slice(line[after] === " " ? after + 1 : after);
}

/** Reads a declaration's description and schema tags; a malformed tag is a problem at the tag itself. */
export function annotationsOf(node: ts.Node | undefined, path: string, problems: TypeSchemaProblem[]): DocAnnotations {
  if (node === undefined) return EMPTY;
  const description = summaryOf(node);
  const tags = tagsOf(node);
  if (description === undefined && tags.length === 0) return EMPTY;
  const annotations: DocAnnotations = { keywords: {}, integer: false };
  if (description !== undefined) annotations.description = description;
  for (const tag of tags) readTag(tag, annotations, path, problems);
  return annotations;
}

/** Applies one tag; tags mcpsmith does not know (`@see`, `@remarks`) are left to the reader of the source. */
export function readTag(
  tag: ts.JSDocTag,
  annotations: DocAnnotations,
  path: string,
  problems: TypeSchemaProblem[],
): void {
  const name = tag.tagName.text;
  const text = (tagText(tag) ?? "").trim();
  const keywords = annotations.keywords;
  if (name === "integer") annotations.integer = true;
  else if (name === "deprecated") keywords.deprecated = true;
  else if (name === "description" && text) annotations.description = text;
  else if ((NUMERIC_TAGS as readonly string[]).includes(name)) {
    const value = Number(text);
    if (text === "" || !Number.isFinite(value)) {
      problems.push(problemAt(tag, path, `@${name} takes a number (write \`@${name} 10\`), got "${text}".`));
    } else keywords[name] = value;
  } else if ((COUNT_TAGS as readonly string[]).includes(name)) {
    const value = Number(text);
    if (text === "" || !Number.isSafeInteger(value) || value < 0) {
      problems.push(problemAt(tag, path, `@${name} takes a whole number >= 0 (write \`@${name} 3\`), got "${text}".`));
    } else keywords[name] = value;
  } else if ((STRING_TAGS as readonly string[]).includes(name)) {
    if (text === "")
      problems.push(problemAt(tag, path, `@${name} needs a value (write \`@${name} ${example(name)}\`).`));
    else if (name === "pattern" && !isRegExp(text)) {
      problems.push(problemAt(tag, path, `@pattern is not a valid regular expression: ${text}`));
    } else keywords[name] = text;
  } else if ((VALUE_TAGS as readonly string[]).includes(name)) {
    if (text === "") problems.push(problemAt(tag, path, `@${name} needs a value (JSON, or plain text for a string).`));
    else if (name === "default") keywords.default = jsonOrText(text);
    else keywords.examples = [...((keywords.examples as unknown[] | undefined) ?? []), jsonOrText(text)];
  }
}

function example(tag: string): string {
  return tag === "pattern" ? "^[a-z]+$" : "email";
}

function isRegExp(source: string): boolean {
  try {
    new RegExp(source, "u");
    return true;
  } catch {
    return false;
  }
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
