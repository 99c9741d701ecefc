/**
 * A JSON Schema as a TypeScript type, for the declarations of code mode's `api`: what a model reads to write a
 * call, not a validator (the tools validate their arguments themselves). So the mapping favours short, readable
 * types: keywords TypeScript cannot say (`pattern`, `minimum`, `not`, `if`) are left out, very deep or very wide
 * schemas end in `unknown`, and a `$ref` becomes the name its definition has in the file.
 */

/** How `$ref`s of one schema resolve to type names (each root schema has its own `$defs`). */
export interface RefScope {
  /** The file's name for the type a `$ref` points to, or undefined when it points nowhere known. */
  resolve(ref: string): string | undefined;
}

// Past these, a type stops helping the reader: it is cut to `unknown` (or the enum to its base type).
const MAX_DEPTH = 8;
const MAX_ENUM_VALUES = 40;
const MAX_PROPERTIES = 150;
const DESCRIPTION_MAX_CHARS = 120;

type Schema = Record<string, unknown>;

/** The TypeScript type of `schema`, lines after the first indented by `indent`. */
export function typeText(schema: unknown, scope: RefScope, indent = "", depth = 0): string {
  if (schema === true || schema === undefined) return "unknown";
  if (schema === false) return "never";
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return "unknown";
  if (depth > MAX_DEPTH) return "unknown";
  const s = schema as Schema;
  if (typeof s.$ref === "string") return scope.resolve(s.$ref) ?? "unknown";
  const parts: string[] = [];
  if ("const" in s) parts.push(literal(s.const));
  else if (Array.isArray(s.enum) && s.enum.length <= MAX_ENUM_VALUES) parts.push(union(s.enum.map(literal)));
  else parts.push(baseType(s, scope, indent, depth));
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = s[key];
    if (Array.isArray(options) && options.length > 0) {
      parts.push(union(options.map((option) => typeText(option, scope, indent, depth + 1))));
    }
  }
  if (Array.isArray(s.allOf)) {
    for (const member of s.allOf) parts.push(typeText(member, scope, indent, depth + 1));
  }
  const type = intersection(parts);
  return s.nullable === true && type !== "unknown" ? union([type, "null"]) : type;
}

/** The type its `type` (or, without one, its shape) says, `unknown` when it says nothing. */
function baseType(s: Schema, scope: RefScope, indent: string, depth: number): string {
  const types = Array.isArray(s.type) ? (s.type as unknown[]) : s.type === undefined ? [] : [s.type];
  if (types.length === 0) {
    if (s.properties !== undefined || s.additionalProperties !== undefined) {
      return objectType(s, scope, indent, depth);
    }
    if (s.items !== undefined || s.prefixItems !== undefined) return arrayType(s, scope, indent, depth);
    return "unknown";
  }
  return union(
    types.map((type) => {
      switch (type) {
        case "string":
          return "string";
        case "integer":
        case "number":
          return "number";
        case "boolean":
          return "boolean";
        case "null":
          return "null";
        case "array":
          return arrayType(s, scope, indent, depth);
        case "object":
          return objectType(s, scope, indent, depth);
        default:
          return "unknown";
      }
    }),
  );
}

function arrayType(s: Schema, scope: RefScope, indent: string, depth: number): string {
  if (Array.isArray(s.prefixItems)) {
    const fixed = s.prefixItems.map((item) => typeText(item, scope, indent, depth + 1));
    const rest = s.items === false ? [] : [`...${wrap(typeText(s.items, scope, indent, depth + 1))}[]`];
    return `[${[...fixed, ...rest].join(", ")}]`;
  }
  return `${wrap(typeText(s.items, scope, indent, depth + 1))}[]`;
}

function objectType(s: Schema, scope: RefScope, indent: string, depth: number): string {
  const properties = Object.entries((s.properties ?? {}) as Record<string, unknown>);
  const extra = s.additionalProperties;
  if (properties.length === 0) {
    if (extra === false) return "Record<string, never>";
    return `Record<string, ${typeText(typeof extra === "object" ? extra : true, scope, indent, depth + 1)}>`;
  }
  if (properties.length > MAX_PROPERTIES) return "Record<string, unknown>";
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const inner = `${indent}  `;
  const lines = properties.map(([key, property]) => {
    const doc = docLine(property, inner);
    const optional = required.has(key) ? "" : "?";
    return `${doc}${inner}${propertyKey(key)}${optional}: ${typeText(property, scope, inner, depth + 1)};`;
  });
  // Keys beyond the listed ones: TypeScript needs an index signature that every listed property fits.
  if (extra !== undefined && extra !== false) lines.push(`${inner}[key: string]: unknown;`);
  return `{\n${lines.join("\n")}\n${indent}}`;
}

/** A `/** ... *\/` line from a schema's description (its first line, cut), or nothing. */
export function docLine(schema: unknown, indent: string): string {
  const description = (schema as Schema | null)?.description;
  if (typeof description !== "string") return "";
  const text = commentText(description, DESCRIPTION_MAX_CHARS);
  return text === "" ? "" : `${indent}/** ${text} */\n`;
}

/** The first line of a text, cut to `max` characters, safe inside a block comment. */
export function commentText(text: string, max: number): string {
  const line = (text.trim().split(/\r?\n/, 1)[0] ?? "").trim().replaceAll("*/", "*\\/");
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Whether `name` may follow a dot (`api.name`) rather than sit in brackets (`api["name"]`). */
export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}

function propertyKey(key: string): string {
  return isIdentifier(key) ? key : JSON.stringify(key);
}

function literal(value: unknown): string {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return JSON.stringify(value);
  return "unknown";
}

function union(parts: readonly string[]): string {
  const distinct = [...new Set(parts)];
  if (distinct.includes("unknown")) return "unknown";
  if (distinct.length === 0) return "never";
  return distinct.length === 1 ? distinct[0]! : distinct.join(" | ");
}

function intersection(parts: readonly string[]): string {
  const known = [...new Set(parts.filter((part) => part !== "unknown"))];
  if (known.length === 0) return "unknown";
  return known.length === 1 ? known[0]! : known.map(wrap).join(" & ");
}

/** Parenthesised where an operator around it would bind wrongly (`(A | B)[]`, `(A | B) & C`). */
function wrap(type: string): string {
  return hasTopLevelOperator(type) ? `(${type})` : type;
}

/** Whether `type` has a `|` or `&` outside any brackets, string literals and doc comments. */
export function hasTopLevelOperator(type: string): boolean {
  let depth = 0;
  for (let i = 0; i < type.length; i++) {
    const char = type[i]!;
    if (char === '"') i = closingQuote(type, i);
    else if (char === "/" && type[i + 1] === "*") i = type.indexOf("*/", i + 2) + 1;
    else if ("{[(<".includes(char)) depth++;
    else if ("}])>".includes(char)) depth--;
    else if (depth === 0 && (char === "|" || char === "&")) return true;
  }
  return false;
}

/** Where the string literal opened at `open` ends (JSON escapes included). */
function closingQuote(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i;
  }
  return text.length;
}
