/**
 * A `$ref` that points nowhere spoils what reaches it, and only that. Real documents ship with a few (HubSpot's
 * HubDB spec has two, Square's five): refusing the whole document for them left the user with nothing, while every
 * operation that never meets one can be generated as it is. So the operations whose parameters or request body
 * reach a dangling `$ref`, through any chain of refs, are skipped (document.ts says so in a warning): nothing is ever
 * sent from a part of the document that is missing. Spoiling stops at an optional property: a request leaves that
 * property out (schema-converter.ts forbids it), and the object holding it is whole without it. DocuSign's witness
 * has an optional `offlineAttributes` that points nowhere, and skipping whatever reaches it skipped creating an
 * envelope. It stops at a path parameter's schema too: the parameter is a string. One reached from a response only
 * is read as any value there.
 */
import { eachRef } from "./ref-scan.js";
import { childPointer, isObject, type JsonObject, pointerTokens } from "./refs.js";

/** Which parts of a document reach a dangling `$ref`. */
export interface DanglingReach {
  /** The pointer of a dangling `$ref` that the value at `pointer` reaches, or undefined when it reaches none. */
  reachedFrom(pointer: string): string | undefined;
}

/**
 * `dangling` are the pointers of the objects holding a `$ref` that points nowhere (ref-scan.ts). The document is
 * walked once for its refs (ref-scan's `eachRef`: extensions and literal data are not followed),
 * then spoiling spreads from each dangling ref to every value holding it and, through the refs pointing at any of
 * those, on to their holders: linear in the document, however the refs loop.
 */
export function danglingReach(root: JsonObject, dangling: readonly string[]): DanglingReach {
  const holdersOf = refHolders(root);
  // Each spoiled pointer, with the dangling ref it reaches.
  const spoiled = new Map<string, string>();
  const spreading: string[] = [];
  const spoil = (pointer: string, source: string) => {
    // A value is spoiled with everything that holds it: its ancestors, up to the document or an optional property.
    for (let at: string | undefined = pointer; at !== undefined; at = parentOf(at)) {
      if (spoiled.has(at)) return;
      spoiled.set(at, source);
      spreading.push(at);
      if (isOptionalProperty(root, at) || isPathParameterSchema(root, at)) return;
    }
  };
  for (const pointer of dangling) spoil(pointer, pointer);
  for (let next = spreading.pop(); next !== undefined; next = spreading.pop()) {
    const source = spoiled.get(next)!;
    for (const holder of holdersOf.get(next) ?? []) spoil(holder, source);
  }
  return { reachedFrom: (pointer) => spoiled.get(pointer) };
}

/** For each pointer a `$ref` of the document points to (written as a pointer, escapes undone), the objects holding one. */
function refHolders(root: JsonObject): Map<string, string[]> {
  const holders = new Map<string, string[]>();
  eachRef(root, (ref, holder) => {
    if (!ref.startsWith("#")) return;
    const target = childPointer("", ...pointerTokens(ref));
    const list = holders.get(target);
    if (list === undefined) holders.set(target, [childPointer("", ...holder)]);
    else list.push(childPointer("", ...holder));
  });
  return holders;
}

/** Whether `pointer` is a property's schema (`.../properties/name`) that the object declaring it does not require. */
function isOptionalProperty(root: JsonObject, pointer: string): boolean {
  const tokens = pointerTokens(`#${pointer}`);
  if (tokens.length < 3 || tokens.at(-2) !== "properties") return false;
  const name = tokens.at(-1)!;
  const owner = valueAt(root, tokens.slice(0, -2));
  if (!isObject(owner) || !isObject(owner.properties) || !Object.hasOwn(owner.properties, name)) return false;
  return !(Array.isArray(owner.required) && owner.required.includes(name));
}

/**
 * Whether `pointer` is a path parameter's schema: the parameter is read as a string, the least a path segment is
 * (oas3-parameters.ts), and its operation is whole. Grocy's `/objects/{entity}` names entity schemas its server makes
 * at run time, which the document it ships lacks, and skipping what reached them skipped the API's every object tool.
 */
function isPathParameterSchema(root: JsonObject, pointer: string): boolean {
  const tokens = pointerTokens(`#${pointer}`);
  if (tokens.at(-1) !== "schema") return false;
  const owner = valueAt(root, tokens.slice(0, -1));
  return isObject(owner) && owner.in === "path" && typeof owner.name === "string";
}

/** The value the pointer's tokens lead to, through objects and lists (a parameter is an item of `parameters`). */
function valueAt(root: JsonObject, tokens: string[]): unknown {
  let value: unknown = root;
  for (const token of tokens) {
    value = Array.isArray(value) ? value[Number(token)] : isObject(value) ? value[token] : undefined;
  }
  return value;
}

/** `/a/b` -> `/a`, `/a` -> `` (the document), and the document has none. */
function parentOf(pointer: string): string | undefined {
  return pointer === "" ? undefined : pointer.slice(0, pointer.lastIndexOf("/"));
}
