/**
 * A discriminated `oneOf` whose members do not name themselves: Front's analytics export is
 * `oneOf: [MessagesExport, EventsExport]` with a discriminator on `type`, which only the parent declares (an enum of
 * both names). Each member requires a list of columns, and a message column is an event column too, so every export
 * of messages matched both members and `oneOf` refused it. OpenAPI reads the discriminator as the choice of member:
 * the value of `type` says which member the value must match. JSON Schema has no such keyword, so each member the
 * discriminator names is read together with its name: `allOf: [member, { properties: { type: { const: name } } }]`,
 * with `type` required where the parent requires it. A member that pins the property itself (a const or an enum) is
 * left as it is, and so is an inline member, which the discriminator cannot name.
 */

import { isObject, type JsonObject } from "./refs.js";

/** What the reading needs of the keyword lowering that calls it: refs followed. */
interface DiscriminatorContext {
  followValue(value: unknown): unknown;
}

/** `raw` with each member of its discriminated `oneOf` held to the discriminator's names for it. */
export function withDiscriminatorNames(raw: JsonObject, context: DiscriminatorContext): JsonObject {
  const { oneOf, discriminator } = raw;
  if (!Array.isArray(oneOf) || !isObject(discriminator) || typeof discriminator.propertyName !== "string") return raw;
  const tag = discriminator.propertyName;
  const mapping = isObject(discriminator.mapping) ? discriminator.mapping : {};
  const required = Array.isArray(raw.required) && raw.required.includes(tag);
  let named = false;
  const members = oneOf.map((member) => {
    if (!isObject(member) || typeof member.$ref !== "string" || pinsTag(context.followValue(member), tag, context)) {
      return member;
    }
    const names = namesOf(member.$ref, mapping);
    named = true;
    const pinned = names.length === 1 ? { const: names[0] } : { enum: names };
    return { allOf: [member, { properties: { [tag]: pinned }, ...(required && { required: [tag] }) }] };
  });
  return named ? { ...raw, oneOf: members } : raw;
}

/**
 * The names the discriminator gives the member at `ref`: the mapping's keys naming it, else (OpenAPI's implicit
 * mapping) the name of the schema it refers to. A mapping value is a reference or a bare schema name.
 */
function namesOf(ref: string, mapping: JsonObject): string[] {
  const schemaName = decodeURIComponent(ref.slice(ref.lastIndexOf("/") + 1))
    .replace(/~1/g, "/")
    .replace(/~0/g, "~");
  const mapped = Object.keys(mapping).filter((key) => mapping[key] === ref || mapping[key] === schemaName);
  return mapped.length > 0 ? mapped : [schemaName];
}

/** Whether the member holds its discriminator's property to values of its own (a const or an enum). */
function pinsTag(member: unknown, tag: string, context: DiscriminatorContext): boolean {
  if (!isObject(member)) return false;
  const properties = context.followValue(member.properties);
  const own = isObject(properties) ? context.followValue(properties[tag]) : undefined;
  if (isObject(own) && (own.const !== undefined || Array.isArray(own.enum))) return true;
  return Array.isArray(member.allOf) && member.allOf.some((part) => pinsTag(context.followValue(part), tag, context));
}
