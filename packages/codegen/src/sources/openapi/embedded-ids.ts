/**
 * Schema resources named by `$id` inside an OpenAPI 3.1 document (JSON Schema 2020-12's compound documents). A
 * `$ref` is resolved against the `$id`s around it, not against the file: Clair's schemas carry
 * `$id: https://clairproject.org/api/http/v1/index_report.schema.json` and refer to each other as
 * `package.schema.json`, and to themselves as `#`. Read as paths next to the file, those refs named files that do not
 * exist and the document could not be read. Each `$ref` that lands on an embedded resource (or its `$anchor`) is
 * rewritten here, before anything else reads the document, as the internal pointer to it; every other `$ref` is left
 * as written.
 */
import { pathToFileURL } from "node:url";
import { childPointer, holdsLiteral, type JsonObject, RefResolver } from "./refs.js";

/** Where the embedded resources are: their absolute URIs (no fragment), and `uri#anchor`, to document pointers. */
type Resources = Map<string, string>;

/** Rewrites in place the `$ref`s of `root` (read from `file`) that name a resource embedded in it by `$id`. */
export function resolveEmbeddedIds(file: string, root: JsonObject): void {
  const documentUri = pathToFileURL(file).href;
  const resources: Resources = new Map();
  walk(root, documentUri, (node, base, pointer) => {
    if (node === root) return;
    if (typeof node.$id === "string" && base !== documentUri) resources.set(withoutFragment(base), pointer);
    if (typeof node.$anchor === "string") resources.set(`${withoutFragment(base)}#${node.$anchor}`, pointer);
  });
  if (resources.size === 0) return;
  const refs = new RefResolver(root);
  walk(root, documentUri, (node, base) => {
    if (typeof node.$ref !== "string") return;
    const pointer = embeddedPointer(node.$ref, base, documentUri, resources, refs);
    if (pointer !== undefined) node.$ref = `#${pointer}`;
  });
}

/**
 * The document pointer a `$ref` written under `base` names, when it names an embedded resource: the resource's own
 * pointer, followed by the ref's JSON pointer fragment or replaced by its anchor's. A fragment-only ref inside a
 * resource is read within that resource where it points at something there (`#` is the resource itself); where it
 * does not, it is left to mean the document, as OpenAPI tools read `#/components/...` everywhere.
 */
function embeddedPointer(
  ref: string,
  base: string,
  documentUri: string,
  resources: Resources,
  refs: RefResolver,
): string | undefined {
  let target: URL;
  try {
    target = new URL(ref, base);
  } catch {
    return undefined;
  }
  const uri = withoutFragment(target.href);
  const fragment = decodeURIComponent(target.hash.slice(1));
  if (uri === withoutFragment(documentUri)) return undefined;
  if (fragment !== "" && !fragment.startsWith("/")) return resources.get(`${uri}#${fragment}`);
  const resource = resources.get(uri);
  if (resource === undefined) return undefined;
  const pointer = `${resource}${target.hash.slice(1)}`;
  if (ref.startsWith("#") && fragment !== "" && refs.get(`#${pointer}`) === undefined) return undefined;
  return pointer;
}

/**
 * Calls `visit` with every object of the document outside extensions and literal data (examples, defaults, enums),
 * the base URI it is read under (the innermost `$id` around it, itself included) and its pointer.
 */
function walk(root: JsonObject, documentUri: string, visit: (node: JsonObject, base: string, pointer: string) => void) {
  const path: (string | number)[] = [];
  const visitNode = (value: unknown, base: string, pointer: string): void => {
    if (Array.isArray(value)) {
      value.forEach((child, index) => {
        path.push(index);
        visitNode(child, base, childPointer(pointer, index));
        path.pop();
      });
      return;
    }
    if (typeof value !== "object" || value === null) return;
    const node = value as JsonObject;
    const own = typeof node.$id === "string" ? resolved(node.$id, base) : base;
    visit(node, own, pointer);
    for (const key of Object.keys(node)) {
      const child = node[key];
      if (typeof child !== "object" || child === null || key.startsWith("x-")) continue;
      path.push(key);
      if (!holdsLiteral(path, path.length - 1)) visitNode(child, own, childPointer(pointer, key));
      path.pop();
    }
  };
  visitNode(root, documentUri, "");
}

function resolved(id: string, base: string): string {
  try {
    return new URL(id, base).href;
  } catch {
    return base;
  }
}

function withoutFragment(uri: string): string {
  const hash = uri.indexOf("#");
  return hash === -1 ? uri : uri.slice(0, hash);
}
