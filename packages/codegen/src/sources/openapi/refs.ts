import { LITERAL_KEYWORDS, NAMED_SCHEMAS } from "@mcpsmith/runtime/internal";

/**
 * Lazy `$ref` resolution inside one (bundled) document. Nothing is dereferenced up front: a full dereference of a
 * large document with reference cycles (Microsoft Graph's) does not finish, while following only the refs a tool
 * needs is quick.
 */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `#/components/schemas/Pet` -> `["components", "schemas", "Pet"]` (URI- and `~`-escapes undone). */
export function pointerTokens(ref: string): string[] {
  const fragment = ref.startsWith("#") ? ref.slice(1) : ref;
  if (fragment === "") return [];
  return fragment
    .slice(1)
    .split("/")
    .map((token) => safeDecode(token).replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The JSON pointer (as a URI fragment) of a child of `pointer`. */
export function childPointer(pointer: string, ...tokens: (string | number)[]): string {
  return tokens.reduce<string>((acc, token) => `${acc}/${escapeToken(String(token))}`, pointer);
}

export function escapeToken(token: string): string {
  if (!token.includes("~") && !token.includes("/")) return token;
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function safeDecode(token: string): string {
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}

/**
 * Whether the member `tokens[index]` (its path's tokens before it) holds literal data, where a `$ref` is a value like
 * any other, not a reference (Square's examples hold `$ref: "squareup.common.Number"`): JSON Schema's literal keywords
 * as the runtime reads schemas (`LITERAL_KEYWORDS`), and a document's `examples`, whose Example Objects the source
 * never reads. A member of a map of named schemas (`properties`, `$defs`, a document's `schemas`) is a schema,
 * whatever it is called, and a member of the document's other named maps (`responses`: `default`) is what the map holds.
 */
export function holdsLiteral(tokens: readonly (string | number)[], index: number): boolean {
  const parent = index > 0 ? String(tokens[index - 1]) : undefined;
  if (parent !== undefined && (NAMED_SCHEMAS.has(parent) || NAMED_MEMBERS.has(parent))) return false;
  return LITERAL_KEYWORDS.has(String(tokens[index]));
}

/**
 * The maps of a document whose members its author names: a response called `default` (the response for every other
 * status) is a response, not literal data, and so is a schema or a parameter called `example`.
 */
const NAMED_MEMBERS: ReadonlySet<string> = new Set([
  "schemas",
  "responses",
  "parameters",
  "headers",
  "requestBodies",
  "securitySchemes",
  "links",
  "callbacks",
  "pathItems",
]);

/** The `$ref` of a reference object, when `value` is one. */
export function refOf(value: unknown): string | undefined {
  return isObject(value) && typeof value.$ref === "string" ? value.$ref : undefined;
}

export class RefResolver {
  private readonly cache = new Map<string, unknown>();

  constructor(readonly root: JsonObject) {}

  /** The value at an internal ref (`#/...`), or `undefined` when it points nowhere (or outside the document). */
  get(ref: string): unknown {
    if (!ref.startsWith("#")) return undefined;
    const cached = this.cache.get(ref);
    if (cached !== undefined || this.cache.has(ref)) return cached;
    let node: unknown = this.root;
    for (const token of pointerTokens(ref)) {
      if (Array.isArray(node)) node = /^(0|[1-9][0-9]*)$/.test(token) ? node[Number(token)] : undefined;
      else if (isObject(node)) node = Object.hasOwn(node, token) ? node[token] : undefined;
      else node = undefined;
      if (node === undefined) break;
    }
    this.cache.set(ref, node);
    return node;
  }

  /**
   * Follows a chain of reference objects (a parameter that is a `$ref` to a `$ref`, ...) to the first value that
   * is not one. Returns the pointer of that value, or `undefined` for a dangling ref or a loop of refs.
   */
  follow(value: unknown, pointer: string): { value: unknown; pointer: string } | undefined {
    let ref = refOf(value);
    // Most values followed (every property of every schema) are not references.
    if (ref === undefined) return { value, pointer };
    const seen = new Set<string>();
    let current = value;
    let at = pointer;
    for (; ref !== undefined; ref = refOf(current)) {
      if (seen.has(ref)) return undefined;
      seen.add(ref);
      current = this.get(ref);
      at = ref.slice(1);
      if (current === undefined) return undefined;
    }
    return { value: current, pointer: at };
  }
}
