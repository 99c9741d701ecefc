/**
 * A `oneOf` one of whose members holds another: every value of the inner member matches both, and `oneOf` refuses
 * a value matching more than one. Documents write such unions by accident, and the tool then refuses values it was
 * meant for:
 *   - DigitalOcean's droplet actions: `oneOf: [Action, allOf: [Action, {name}]]`, so every action matched both and
 *     the tool refused every call;
 *   - Linode's `X-Filter`: `oneOf: [{type: object}, {type: object, properties: {+and, +order_by, ...}}]`, so every
 *     filter written with the operators matched both.
 * What the author means is plain: a value of any of the members. So such a `oneOf` is read as `anyOf`, with a
 * warning naming the two members. Only containment that the schemas' shapes prove is looked for (a member that
 * admits every value of its type, a member that is an `allOf` of another); members that may overlap by their values
 * (two objects both open to the same properties) are left as written.
 */

import { isDeepStrictEqual } from "node:util";
import { isObject, type JsonObject } from "./refs.js";

/** What the check needs of the keyword lowering that calls it: refs followed, and a way to warn. */
interface OverlapContext {
  followValue(value: unknown): unknown;
  warn(pointer: string, message: string): void;
}

/** `raw` with its `oneOf` read as `anyOf` when one member holds another (and `anyOf` is free to take it). */
export function withOverlappingOneOfAsAnyOf(raw: JsonObject, pointer: string, context: OverlapContext): JsonObject {
  const { oneOf } = raw;
  if (!Array.isArray(oneOf) || oneOf.length < 2 || raw.anyOf !== undefined) return raw;
  const members = oneOf.map((member) => context.followValue(member));
  for (const [outer, wide] of members.entries()) {
    for (const [inner, narrow] of members.entries()) {
      if (outer === inner || !holds(wide, narrow, context)) continue;
      context.warn(
        `${pointer}/oneOf`,
        `every value of member ${inner} is also a value of member ${outer}, and oneOf refuses a value matching two ` +
          "members: read as anyOf",
      );
      const { oneOf: _written, ...rest } = raw;
      return { ...rest, anyOf: oneOf };
    }
  }
  return raw;
}

/** Whether every value of `narrow` is a value of `wide`, as far as their shapes alone prove it. */
function holds(wide: unknown, narrow: unknown, context: OverlapContext): boolean {
  if (!isObject(wide) || !isObject(narrow)) return false;
  // `allOf: [wide, ...]`: a value of it is a value of each of its members.
  if (Array.isArray(narrow.allOf) && narrow.allOf.some((part) => isDeepStrictEqual(context.followValue(part), wide)))
    return true;
  // A member constraining nothing but its type admits every value of that type.
  const type = bareType(wide);
  return type !== undefined && (type === ANY || narrow.type === type);
}

const ANY = Symbol("any type");

/** Keywords that describe a schema without constraining its values. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "examples",
  "example",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

/** The one type a schema admits every value of, `ANY` for a schema admitting everything, else undefined. */
function bareType(schema: JsonObject): string | typeof ANY | undefined {
  const constraints = Object.keys(schema).filter((key) => !ANNOTATIONS.has(key) && !key.startsWith("x-"));
  if (constraints.length === 0) return ANY;
  return constraints.length === 1 && typeof schema.type === "string" ? schema.type : undefined;
}
