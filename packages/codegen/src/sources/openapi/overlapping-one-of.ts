/**
 * A `oneOf` one of whose members holds another: every value of the inner member matches both, and `oneOf` refuses
 * a value matching more than one. Documents write such unions by accident, and the tool then refuses values it was
 * meant for:
 *   - DigitalOcean's droplet actions: `oneOf: [Action, allOf: [Action, {name}]]`, so every action matched both and
 *     the tool refused every call;
 *   - Linode's `X-Filter`: `oneOf: [{type: object}, {type: object, properties: {+and, +order_by, ...}}]`, so every
 *     filter written with the operators matched both;
 *   - Klaviyo's message content: `oneOf: [EmailContent, SMSContent]`, two objects that require nothing and allow any
 *     other property, so an email's content is an SMS's content too, and every value matched both.
 *   - Pinterest's metric types: `oneOf` two lists of names that share five names;
 *   - PagerDuty's alert grouping: `oneOf: [AlertGroupingParameters, {all properties readOnly}]`, any object in a
 *     request, where the readOnly properties are left out.
 *   - Equinix Metal's gateways: `oneOf: [{+virtual_network_id, ip_reservation_id, ...}, {+virtual_network_id,
 *     +ip_reservation_id}]`, both open, so every VRF gateway was a plain gateway too;
 *   - Flipt's resource payloads: `oneOf: [allOf: [AtType, Flag], allOf: [AtType, Segment]]`, open objects that
 *     require only `@type`, whose values both list, so every flag was a segment too.
 *   - Spree's promotion updates: `oneOf` seven open objects `{promotion: {...}}` requiring nothing inside and
 *     declaring none of each other's properties there, so every update matched all seven.
 * What the author means is plain: a value of any of the members. So such a `oneOf` is read as `anyOf`, with a
 * warning naming the two members. Only containment that the schemas' shapes prove is looked for: a member that
 * admits every value of its type, a member that is an `allOf` of another, and an open object member (its properties
 * and what it requires are all it says), which holds every value made of another object member's properties when
 * that member requires all it requires and declares the properties both declare alike (or holding one another's, as
 * far as the same proof goes); and two members listing values
 * (enum or const) that share one. An object member written as an
 * `allOf` of open objects is read as the one they make. Members told apart by what they require, or by a property of
 * different schemas, stay a `oneOf`.
 */

import { isDeepStrictEqual } from "node:util";
import { isObject, type JsonObject } from "./refs.js";

/**
 * What the check needs of the keyword lowering that calls it: refs followed, whether a property is left out in this
 * mode (readOnly in a request, writeOnly in a response), and a way to warn.
 */
interface OverlapContext {
  followValue(value: unknown): unknown;
  hiddenInMode(raw: unknown): boolean;
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
      return asAnyOf(raw, oneOf);
    }
  }
  for (const [first, one] of members.entries()) {
    for (const [second, other] of members.entries()) {
      const shared = second > first ? sharedValues(one, other) : [];
      if (shared.length === 0) continue;
      const named = shared.slice(0, 3).map((value) => JSON.stringify(value));
      context.warn(
        `${pointer}/oneOf`,
        `members ${first} and ${second} both list ${named.join(", ")}${shared.length > 3 ? ", ..." : ""}, and oneOf ` +
          "refuses a value matching two members: read as anyOf",
      );
      return asAnyOf(raw, oneOf);
    }
  }
  return raw;
}

function asAnyOf(raw: JsonObject, oneOf: unknown[]): JsonObject {
  const { oneOf: _written, ...rest } = raw;
  return { ...rest, anyOf: oneOf };
}

/**
 * The values two listing members (an `enum` or a `const`, with a type at most) both list: Pinterest's metric types are
 * `oneOf` a Pin's and a video Pin's lists, which share `IMPRESSION` and four more.
 */
function sharedValues(one: unknown, other: unknown): unknown[] {
  const mine = listedValues(one);
  const theirs = listedValues(other);
  if (mine === undefined || theirs === undefined) return [];
  return mine.filter((value) => theirs.some((listed) => isDeepStrictEqual(listed, value)));
}

function listedValues(schema: unknown): unknown[] | undefined {
  if (!isObject(schema)) return undefined;
  const constraints = constraintKeys(schema);
  if (!constraints.every((key) => key === "type" || key === "enum" || key === "const")) return undefined;
  if (Array.isArray(schema.enum) && schema.const === undefined) return schema.enum;
  return schema.const !== undefined && schema.enum === undefined ? [schema.const] : undefined;
}

/** Whether every value of `narrow` is a value of `wide`, as far as their shapes alone prove it. */
function holds(wide: unknown, narrow: unknown, context: OverlapContext, depth = 0): boolean {
  if (!isObject(wide) || !isObject(narrow) || depth > MAX_DEPTH) return false;
  // `allOf: [wide, ...]`: a value of it is a value of each of its members.
  if (Array.isArray(narrow.allOf) && narrow.allOf.some((part) => isDeepStrictEqual(context.followValue(part), wide)))
    return true;
  // A member constraining nothing but its type admits every value of that type.
  const type = bareType(wide);
  if (type !== undefined) return type === ANY || narrow.type === type;
  const outer = asOneObject(wide, context);
  const inner = asOneObject(narrow, context);
  if (!isOpenObject(outer) || !isObjectSchema(inner)) return false;
  const requires = requiredInMode(inner, context);
  return (
    requiredInMode(outer, context).every((name) => requires.includes(name)) &&
    sharesPropertiesAlike(outer, inner, context, depth)
  );
}

/** How deep properties are followed into: a schema that nests itself ends there, unproven. */
const MAX_DEPTH = 8;

/**
 * An `allOf` of open objects as the one open object they make together, its properties and what it requires those
 * of all its parts (Flipt's resource payloads are `allOf: [AtType, Flag]` and `allOf: [AtType, Segment]`, both open,
 * so every flag was a segment too). Anything else, a property two parts declare differently among them, is left as it
 * is.
 */
function asOneObject(schema: JsonObject, context: OverlapContext): JsonObject {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...own } = schema;
  const properties: JsonObject = {};
  const required = new Set<unknown>();
  // What the schema says beside its allOf counts, unless it only describes it (Nightscout's documents:
  // `{description, allOf: [DocumentBase, {...}]}`).
  const parts = constraintKeys(own).length === 0 ? [] : [own];
  for (const part of [...parts, ...allOf.map((member) => context.followValue(member))]) {
    if (!isObject(part) || !isOpenObject(part)) return schema;
    const declared = context.followValue(part.properties);
    for (const [name, property] of Object.entries(isObject(declared) ? declared : {})) {
      const alike =
        !(name in properties) ||
        isDeepStrictEqual(
          constraintsOf(context.followValue(properties[name])),
          constraintsOf(context.followValue(property)),
        );
      if (!alike) return schema;
      properties[name] ??= property;
    }
    for (const name of requiredInMode(part, context)) required.add(name);
  }
  return required.size > 0 ? { type: "object", properties, required: [...required] } : { type: "object", properties };
}

/** An object schema that lets any other property through: its properties and what it requires are all it says. */
function isOpenObject(schema: JsonObject): boolean {
  const says = constraintKeys(schema);
  return (
    isObjectSchema(schema) &&
    says.every(
      (key) => key === "type" || key === "properties" || key === "required" || key === "additionalProperties",
    ) &&
    (schema.required === undefined || Array.isArray(schema.required)) &&
    (schema.additionalProperties === undefined || schema.additionalProperties === true)
  );
}

/**
 * The properties `schema` requires in this mode. A property left out in this mode is not required there, as the
 * lowering leaves it out of `required` too (PagerDuty's alert grouping reference, all of whose properties are readOnly,
 * is any object in a request).
 */
function requiredInMode(schema: JsonObject, context: OverlapContext): unknown[] {
  const { required } = schema;
  if (!Array.isArray(required)) return [];
  const properties = context.followValue(schema.properties);
  return required.filter((name) => !(isObject(properties) && context.hiddenInMode(properties[name as string])));
}

function isObjectSchema(schema: JsonObject): boolean {
  return schema.type === "object" || (schema.type === undefined && isObject(schema.properties));
}

/**
 * Whether each property both declare has the same schema in both (refs followed, what only describes it aside: two
 * members describe a shared id each in their own words), or one holding the other's (Spree's promotion updates are
 * seven `{promotion: {...}}`, whose inner objects are open, require nothing and declare none of each other's
 * properties: every update is a value of all seven); one the wide member leaves out in this mode constrains nothing
 * there.
 */
function sharesPropertiesAlike(wide: JsonObject, narrow: JsonObject, context: OverlapContext, depth: number): boolean {
  const mine = context.followValue(wide.properties);
  const theirs = context.followValue(narrow.properties);
  if (!isObject(mine) || !isObject(theirs)) return true;
  return Object.keys(theirs).every((name) => {
    if (!(name in mine) || context.hiddenInMode(mine[name])) return true;
    const outer = context.followValue(mine[name]);
    const inner = context.followValue(theirs[name]);
    return isDeepStrictEqual(constraintsOf(outer), constraintsOf(inner)) || holds(outer, inner, context, depth + 1);
  });
}

/** A schema without the keywords that only describe it; what it nests is compared as written. */
function constraintsOf(schema: unknown): unknown {
  return isObject(schema) ? Object.fromEntries(constraintKeys(schema).map((key) => [key, schema[key]])) : schema;
}

/** The keywords of `schema` that constrain its values: neither those that only describe it nor extensions. */
function constraintKeys(schema: JsonObject): string[] {
  return Object.keys(schema).filter((key) => !ANNOTATIONS.has(key) && !key.startsWith("x-"));
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
  const constraints = constraintKeys(schema);
  if (constraints.length === 0) return ANY;
  return constraints.length === 1 && typeof schema.type === "string" ? schema.type : undefined;
}
