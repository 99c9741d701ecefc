/**
 * `allOf` members that each close their object (`additionalProperties: false`) while another member, or the schema
 * itself, requires or declares a property they do not declare. As JSON Schema reads it, no value holding that
 * property matches (none at all, when it is required): a closed member refuses what another one names. Mailchimp Transactional's spec builds 83 of its 99 request bodies so
 * (`allOf: [ApiKey, {email, ...}]`, each closed), and every call to those tools was refused. What the author means
 * is plain: one object holding the properties of all the members, and no other. So the closed members are opened
 * and the schema itself is closed over every property they declare or require, with a warning.
 */

import { isObject, type JsonObject } from "./refs.js";

/** What the merge needs of the keyword lowering that calls it: refs followed, and a way to warn. */
interface MergeContext {
  followValue(value: unknown): unknown;
  warn(pointer: string, message: string): void;
}

export function withClosedAllOfMerged(raw: JsonObject, pointer: string, context: MergeContext): JsonObject {
  const merged = mergedAllOf(raw, context);
  if (merged === undefined) return raw;
  context.warn(
    `${pointer}/allOf`,
    "its members each allow only their own properties (additionalProperties: false), so no value can have what " +
      "another requires: read as one object with the properties of all of them, and no other",
  );
  return merged;
}

/**
 * The merged schema, or undefined when no closed member refuses what another names. A member is closed as it will
 * be lowered: one that is itself an `allOf` of members closed against each other is merged, and so closed over
 * their names (Algolia's search parameters: `allOf: [baseSearchParams, indexSettings]`, the base an `allOf` of two
 * closed members), so it is opened here like any closed member.
 */
function mergedAllOf(raw: JsonObject, context: MergeContext, seen = new Set<JsonObject>()): JsonObject | undefined {
  const { allOf } = raw;
  if (!Array.isArray(allOf) || allOf.length < 2 || seen.has(raw)) return undefined;
  const followed = allOf.map((member) => context.followValue(member));
  if (!followed.every(isObject)) return undefined;
  // `seen` holds the schemas on the path down here: a cycle of allOf refs is followed once.
  seen.add(raw);
  const members = followed.map((member) => mergedAllOf(member, context, seen) ?? member);
  seen.delete(raw);
  const required = new Set([
    ...namesIn(raw.required),
    ...members.flatMap((member) => [...deep(member, "required", context)]),
  ]);
  const closed = members.filter((member) => member.additionalProperties === false);
  // Properties matched by a pattern may be allowed after all: only a closed member without any is sure to refuse.
  if (closed.some((member) => member.patternProperties !== undefined) || raw.patternProperties !== undefined)
    return undefined;
  // What some part names (requires, or declares so that a value may hold it) and a closed member refuses.
  const named = new Set([
    ...required,
    ...declared(raw, context),
    ...members.flatMap((member) => [...deep(member, "properties", context)]),
  ]);
  const refuses = (member: JsonObject) => [...named].some((name) => !declared(member, context).has(name));
  if (!closed.some(refuses)) return undefined;
  const own = isObject(raw.properties) ? raw.properties : {};
  return {
    ...raw,
    // A member left open stays as written (a `$ref` stays shared); a closed one is copied without closing.
    allOf: allOf.map((member, index) => {
      const effective = members[index]!;
      if (effective.additionalProperties !== false) return member;
      const { additionalProperties: _closed, ...opened } = effective;
      return opened;
    }),
    properties: { ...Object.fromEntries([...named].map((name) => [name, {}])), ...own },
    ...(raw.additionalProperties === undefined && raw.unevaluatedProperties === undefined
      ? { additionalProperties: false }
      : {}),
  };
}

function namesIn(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === "string") : [];
}

/** The properties `schema` itself declares: the only ones its `additionalProperties: false` lets through. */
function declared(schema: JsonObject, context: MergeContext): Set<string> {
  const properties = context.followValue(schema.properties);
  return new Set(isObject(properties) ? Object.keys(properties) : []);
}

/**
 * The names a member declares or requires, its own `allOf` members' included: Zulip's responses are
 * `allOf: [JsonSuccessBase, {closed}]`, where the base's optional `ignored_parameters_unsupported` sits in the base's
 * own `allOf`. A cycle of refs is followed once.
 */
function deep(
  schema: JsonObject,
  keyword: "properties" | "required",
  context: MergeContext,
  seen = new Set<JsonObject>(),
): Set<string> {
  if (seen.has(schema)) return new Set();
  seen.add(schema);
  const names = new Set(keyword === "properties" ? declared(schema, context) : namesIn(schema.required));
  const parts = Array.isArray(schema.allOf) ? schema.allOf : [];
  for (const part of parts) {
    const followed = context.followValue(part);
    if (isObject(followed)) for (const name of deep(followed, keyword, context, seen)) names.add(name);
  }
  return names;
}
