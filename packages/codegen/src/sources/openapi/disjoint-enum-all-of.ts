/**
 * An `allOf` of enums that share no value: NetBird's `ResourceType` is `allOf: [NetworkResourceType, {enum: [peer]}]`,
 * the network types being host, subnet and domain. As JSON Schema reads it no value fits both, so every request
 * naming a resource type was refused. What the author means is plain: the first enum extended by the second. So the
 * members are read as one enum of all their values, with a warning. Members that describe anything besides their
 * values (a pattern, a length, properties) are left as they are.
 */

import { isObject, type JsonObject } from "./refs.js";

/** What the check needs of the keyword lowering that calls it: refs followed, and a way to warn. */
interface JoinContext {
  followValue(value: unknown): unknown;
  warn(pointer: string, message: string): void;
}

/** `raw` with an `allOf` of enums that share no value read as one enum of all their values. */
export function withDisjointEnumsJoined(raw: JsonObject, pointer: string, context: JoinContext): JsonObject {
  const { allOf, ...rest } = raw;
  if (!Array.isArray(allOf) || allOf.length < 2 || rest.enum !== undefined) return raw;
  const members = allOf.map((member) => context.followValue(member));
  if (!members.every(isEnumOnly)) return raw;
  const types = new Set(members.flatMap((member) => (member.type === undefined ? [] : [member.type])));
  if (types.size > 1 || (rest.type !== undefined && types.size === 1 && !types.has(rest.type))) return raw;
  const enums = members.map((member) => member.enum as unknown[]);
  const shared = enums[0]!.filter((value) => enums.every((values) => values.some((v) => sameValue(v, value))));
  if (shared.length > 0) return raw;
  const values: unknown[] = [];
  for (const value of enums.flat()) if (!values.some((v) => sameValue(v, value))) values.push(value);
  context.warn(
    `${pointer}/allOf`,
    "its members are enums that share no value, so no value can match all of them: read as one enum of all their values",
  );
  const type = rest.type ?? [...types][0];
  return { ...rest, ...(type !== undefined && { type }), enum: values };
}

/** Keywords an enum member may hold besides its values: none of them narrows what it takes. */
const ANNOTATIONS = new Set(["type", "enum", "description", "title", "example", "examples", "default", "deprecated"]);

function isEnumOnly(member: unknown): member is JsonObject {
  return (
    isObject(member) &&
    Array.isArray(member.enum) &&
    member.enum.length > 0 &&
    (member.type === undefined || typeof member.type === "string") &&
    Object.keys(member).every((key) => ANNOTATIONS.has(key) || key.startsWith("x-"))
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
