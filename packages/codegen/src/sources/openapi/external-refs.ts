import { isObject } from "./refs.js";

/** True when some `$ref` (outside `x-` extensions, whose refs the source never follows) points at another file. */
export function hasExternalRefs(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasExternalRefs);
  if (!isObject(value)) return false;
  for (const [key, child] of Object.entries(value)) {
    if (key === "$ref" && typeof child === "string" && !child.startsWith("#")) return true;
    if (!key.startsWith("x-") && typeof child === "object" && hasExternalRefs(child)) return true;
  }
  return false;
}
