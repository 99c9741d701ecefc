/** One pass over the whole document for internal `$ref`s that point nowhere, so all of them are reported at once. */
import type { Diagnostics } from "./diagnostics.js";
import { childPointer, type JsonObject, type RefResolver } from "./refs.js";

/** Keys whose values are literal data (examples, defaults, enums) or extensions: a `$ref` there is not a reference. */
function isLiteralKey(key: string): boolean {
  return key.startsWith("x-") || key === "example" || key === "default" || key === "enum" || key === "const";
}

export function findDanglingRefs(root: JsonObject, refs: RefResolver, diagnostics: Diagnostics): void {
  // The tokens down to the value being visited: a pointer is only spelt out for a ref that points nowhere.
  const path: (string | number)[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const child = value[index];
        if (typeof child !== "object" || child === null) continue;
        path.push(index);
        visit(child);
        path.pop();
      }
      return;
    }
    for (const key in value as JsonObject) {
      const child = (value as JsonObject)[key];
      if (key === "$ref" && typeof child === "string") {
        if (refs.get(child) === undefined) diagnostics.problem(childPointer("", ...path), danglingMessage(child, refs));
      } else if (typeof child === "object" && child !== null && !isLiteralKey(key)) {
        path.push(key);
        visit(child);
        path.pop();
      }
    }
  };
  visit(root);
}

/** Names the deepest part of the ref that exists, so a typo is easy to spot. */
function danglingMessage(ref: string, refs: RefResolver): string {
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
