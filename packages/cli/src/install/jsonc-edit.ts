import {
  applyEdits,
  type Edit,
  type FormattingOptions,
  findNodeAtLocation,
  modify,
  type Node,
  parseTree,
} from "jsonc-parser";

/**
 * Text edits that put one server entry into a JSONC config file while leaving everything else byte for byte: the
 * user's comments, key order, indentation, line ends and trailing commas. jsonc-parser finds where things are;
 * where its own formatter would re-indent neighbouring lines (appending after a one-line sibling), the new entry
 * is placed by hand in the file's own style instead.
 */
export function withEntry(
  text: string,
  serversKey: string,
  name: string,
  next: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
  format: FormattingOptions,
): string {
  const options = { formattingOptions: format };
  if (previous === undefined) {
    const root = parseTree(text);
    const servers = root && findNodeAtLocation(root, [serversKey]);
    // Into the servers object, or, when the file has none yet, the servers object into the top level.
    const appended = servers
      ? appendedProperty(text, servers, name, next, format)
      : root && appendedProperty(text, root, serversKey, { [name]: next }, format);
    return applyEdits(text, appended ?? modify(text, [serversKey, name], next, options));
  }
  // A replaced entry is edited key by key, so comments on the keys that did not change stay too.
  let edited = text;
  for (const key of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    if (sameJson(previous[key], next[key])) continue;
    edited = applyEdits(edited, modify(edited, [serversKey, name, key], next[key], options));
  }
  return edited;
}

/**
 * The edits that add `"name": value` after an object's last property, on a line of its own with that property's
 * indentation, a comma where the file's style needs one, and that line's comment left where it was. Undefined
 * when the object is empty or written on one line: jsonc-parser's own insertion is right there.
 */
function appendedProperty(
  text: string,
  object: Node,
  name: string,
  value: unknown,
  format: FormattingOptions,
): Edit[] | undefined {
  const last = object.type === "object" ? object.children?.at(-1) : undefined;
  if (last === undefined) return undefined;
  const lastEnd = last.offset + last.length;
  const lineEnd = endOfLine(text, lastEnd);
  const closing = object.offset + object.length - 1;
  const lineStart = text.lastIndexOf("\n", last.offset) + 1;
  const indent = text.slice(lineStart, last.offset);
  if (closing < lineEnd || !/^[ \t]*$/.test(indent)) return undefined;

  const eol = format.eol ?? "\n";
  const unit = format.insertSpaces === false ? "\t" : " ".repeat(format.tabSize ?? 2);
  const body = JSON.stringify(value, null, unit).split("\n").join(`${eol}${indent}`);
  const property = `${indent}${JSON.stringify(name)}: ${body}`;
  const trailingComma = /^\s*,/.test(text.slice(lastEnd, lineEnd));
  return trailingComma
    ? [{ offset: lineEnd, length: 0, content: `${eol}${property},` }]
    : [
        { offset: lastEnd, length: 0, content: "," },
        { offset: lineEnd, length: 0, content: `${eol}${property}` },
      ];
}

/** The offset of the line end after `offset` (before a `\r\n`), or the text's end. */
function endOfLine(text: string, offset: number): number {
  const newline = text.indexOf("\n", offset);
  if (newline === -1) return text.length;
  return text[newline - 1] === "\r" ? newline - 1 : newline;
}

/** The file's indentation (of the first indented line: a tab or spaces, 2 when none) and line ends. */
export function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? "  ";
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  if (indent.startsWith("\t")) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indent.length, eol };
}

/** The `JSON.stringify` indentation for the same style. */
export function indentOf(format: FormattingOptions): string | number {
  return format.insertSpaces ? (format.tabSize ?? 2) : "\t";
}

/** Equal as JSON values, whatever the order of object keys (the file's order is the user's, not ours). */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, inner]) => [key, sorted(inner)]),
  );
}
