import { isObject } from "./refs.js";

/** True when some `$ref` (outside `x-` extensions, whose refs the source never follows) points at another file. */
export function hasExternalRefs(value: unknown): boolean {
  if (Array.isArray(value)) {
    for (const item of value) if (typeof item === "object" && item !== null && hasExternalRefs(item)) return true;
    return false;
  }
  if (!isObject(value)) return false;
  for (const key in value) {
    const child = value[key];
    if (key === "$ref" && typeof child === "string" && !child.startsWith("#")) return true;
    if (typeof child === "object" && child !== null && !key.startsWith("x-") && hasExternalRefs(child)) return true;
  }
  return false;
}
