/**
 * One pass over the whole document for its `$ref`s: whether any points at another file (the document must then be
 * bundled, and the bundle scanned again), and every one that points nowhere, so all of them are reported at once.
 */
import type { SpecProblem } from "./diagnostics.js";
import { childPointer, holdsLiteral, type JsonObject, RefResolver } from "./refs.js";

export interface RefScan {
  /** Some `$ref` outside extensions and literal data (examples, defaults) names another file. */
  external: boolean;
  /** The `$ref`s that point nowhere (or outside the document), in document order. */
  dangling: Omit<SpecProblem, "file">[];
}

/** Extensions are skipped whole: their refs are documentation links the source never follows. */
export function scanRefs(root: JsonObject, refs = new RefResolver(root)): RefScan {
  const scan: RefScan = { external: false, dangling: [] };
  eachRef(root, (ref, holder) => {
    if (!ref.startsWith("#")) scan.external = true;
    if (refs.get(ref) === undefined) {
      scan.dangling.push({ pointer: childPointer("", ...holder), message: danglingMessage(ref, refs) });
    }
  });
  return scan;
}

/**
 * Calls `found` with every `$ref` of the document that is a reference: outside extensions (documentation links)
 * and literal data (`holdsLiteral`). `holder` is the path to the object holding it, valid during the call only.
 */
export function eachRef(root: JsonObject, found: (ref: string, holder: readonly (string | number)[]) => void): void {
  // The tokens down to the value being visited: a pointer is only spelt out where the caller needs one.
  const path: (string | number)[] = [];
  const visit = (value: unknown, literal: boolean): void => {
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const child = value[index];
        if (typeof child !== "object" || child === null) continue;
        path.push(index);
        visit(child, literal);
        path.pop();
      }
      return;
    }
    for (const key in value as JsonObject) {
      const child = (value as JsonObject)[key];
      if (typeof child === "string") {
        if (key === "$ref" && !literal) found(child, path);
      } else if (typeof child === "object" && child !== null && !key.startsWith("x-")) {
        path.push(key);
        visit(child, literal || holdsLiteral(path, path.length - 1));
        path.pop();
      }
    }
  };
  visit(root, false);
}

/** A `$ref` to a URL: never fetched, since generating a server must not reach the internet. */
export const NETWORK_REF = /^https?:\/\//i;

/** Names the deepest part of the ref that exists, so a typo is easy to spot. */
function danglingMessage(ref: string, refs: RefResolver): string {
  if (NETWORK_REF.test(ref)) {
    return `network $ref not fetched: ${ref} (copy the file next to the spec and refer to it locally)`;
  }
  if (!ref.startsWith("#")) return `$ref "${ref}" points outside the document and could not be read`;
  const parts = ref.split("/");
  for (let end = parts.length - 1; end > 0; end--) {
    const prefix = parts.slice(0, end).join("/");
    if (refs.get(prefix) !== undefined) {
      return `$ref "${ref}" points nowhere: "${parts[end]}" does not exist in ${prefix === "#" ? "the document" : prefix}`;
    }
  }
  return `$ref "${ref}" points nowhere`;
}
