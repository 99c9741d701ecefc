import type { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { compiler } from "./compiler.js";
import { docCommentsOf } from "./doc-comments.js";

const { JSDocParsingMode, ScriptTarget, SyntaxKind } = compiler;

/** Every declaration of `source` that can carry a doc comment, parsed with the compiler's own JSDoc nodes too. */
function declarationsOf(source: string): ts.Node[] {
  const file = compiler.createSourceFile(
    "/doc.ts",
    source,
    { languageVersion: ScriptTarget.ES2022, jsDocParsingMode: JSDocParsingMode.ParseAll },
    true,
  );
  const found: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if ((node as { jsDoc?: unknown }).jsDoc !== undefined || compiler.isPropertySignature(node)) found.push(node);
    compiler.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * The tags as the compiler's JSDoc parser reads them: name, the `@`'s offset, the text (after a `@param`'s name).
 * Texts are compared line by line without their indentation, which the compiler drops and doc-comments.ts keeps
 * past the first line's (an example's JSON stays formatted).
 */
function compilerTags(node: ts.Node) {
  const docs = (node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
  return docs.flatMap((doc) =>
    (doc.tags ?? []).map((tag) => ({
      name: tag.tagName.text,
      at: tag.getStart(),
      text: unindented((compiler.getTextOfJSDocComment(tag.comment) ?? "").trim()),
      ...(tag.kind === SyntaxKind.JSDocParameterTag && {
        parameter: (tag as ts.JSDocParameterTag).name.getText(),
      }),
    })),
  );
}

function ourTags(node: ts.Node) {
  return docCommentsOf(node).flatMap((comment) =>
    comment.tags.map(({ name, at, text, parameter }) => ({
      name,
      at,
      text: unindented(text),
      ...(parameter !== undefined && { parameter }),
    })),
  );
}

function unindented(text: string): string {
  return text.replace(/\n[ \t]+/g, "\n");
}

/** The declaration of `source` named `name`. */
function declaration(source: string, name: string): ts.Node {
  const found = declarationsOf(source).find((node) => (node as ts.NamedDeclaration).name?.getText() === name);
  if (found === undefined) throw new Error(`no declaration ${name}`);
  return found;
}

const SOURCES = {
  "tags in the middle of a line, an address that is not one": `
export interface Tagged {
  /** A display name. @minLength 1 @maxLength 40 @pattern ^[A-Za-z ]+$ */
  title: string;
  /** @format email @example "ada@example.com" */
  email: string;
  /** Reach them at ada@example.com, or see {@link Tagged}. @deprecated */
  contact?: string;
}`,
  "a block over several lines, @param in its forms": `
/**
 * Search things.
 *
 * A second paragraph, with \`code\`.
 * @param args - the query,
 *   and more about it
 * @param {number} [args.limit=10] how many
 * @param args.sort the order
 * @TJS-type integer
 * @deprecated Use find instead.
 */
export function search(args: { query: string; limit?: number; sort: "asc" | "desc" }) {}`,
  "an example over several lines keeps its inner indentation": `
export interface Example {
  /**
   * @example
   *   {
   *     "a": [1, 2]
   *   }
   * @default {"a": []}
   */
  value: { a: number[] };
  /** @example \`x @y\` stays one tag */
  code: string;
}`,
  "comments that are not doc comments": `
export interface Plain {
  /* plain */
  a: string;
  // line
  b: string;
  /**/
  c: string;
  /** first @minimum 1 */
  /** second */
  d: number;
}`,
};

describe("docCommentsOf", () => {
  for (const [name, source] of Object.entries(SOURCES)) {
    it(`finds the tags the compiler's JSDoc parser finds: ${name}`, () => {
      for (const node of declarationsOf(source)) expect(ourTags(node)).toEqual(compilerTags(node));
    });
  }

  it("reads the summary before the first tag, as written", () => {
    const search = declaration(SOURCES["a block over several lines, @param in its forms"], "search");
    expect(docCommentsOf(search)[0]?.summary).toBe("Search things.\n\nA second paragraph, with `code`.");
    const title = declaration(SOURCES["tags in the middle of a line, an address that is not one"], "title");
    expect(docCommentsOf(title)[0]?.summary).toBe("A display name.");
  });

  it("keeps every doc comment before a declaration, the last one being the summary's", () => {
    const byName = (name: string) => declaration(SOURCES["comments that are not doc comments"], name);
    for (const plain of ["a", "b", "c"]) expect(docCommentsOf(byName(plain))).toEqual([]);
    const comments = docCommentsOf(byName("d"));
    expect(comments.map((comment) => comment.summary)).toEqual(["first", "second"]);
    expect(comments.flatMap((comment) => comment.tags.map((tag) => tag.name))).toEqual(["minimum"]);
  });

  it("joins an example's lines, its indentation past the first line kept", () => {
    const value = declaration(SOURCES["an example over several lines keeps its inner indentation"], "value");
    const [example, fallback] = docCommentsOf(value)[0]!.tags;
    expect(example?.text).toBe('{\n  "a": [1, 2]\n}');
    expect(JSON.parse(example!.text)).toEqual({ a: [1, 2] });
    expect(fallback?.text).toBe('{"a": []}');
  });

  it("reads the comment of a function written as a value", () => {
    const source = "export const f = /** Doubles. */ (n: number) => n * 2;";
    const file = compiler.createSourceFile("/f.ts", source, ScriptTarget.ES2022, true);
    const arrow = (file.statements[0] as ts.VariableStatement).declarationList.declarations[0]!.initializer!;
    expect(arrow.kind).toBe(SyntaxKind.ArrowFunction);
    expect(docCommentsOf(arrow).map((comment) => comment.summary)).toEqual(["Doubles."]);
  });
});
