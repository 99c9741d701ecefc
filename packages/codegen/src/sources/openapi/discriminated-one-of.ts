/**
 * A discriminated `oneOf` whose members do not name themselves: Front's analytics export is
 * `oneOf: [MessagesExport, EventsExport]` with a discriminator on `type`, which only the parent declares (an enum of
 * both names). Each member requires a list of columns, and a message column is an event column too, so every export
 * of messages matched both members and `oneOf` refused it. OpenAPI reads the discriminator as the choice of member:
 * the value of `type` says which member the value must match. JSON Schema has no such keyword, so each member the
 * discriminator names is read together with its name: `allOf: [member, { properties: { type: { const: name } } }]`,
 * with `type` required where the parent requires it. A member that pins the property to values of its own (a const
 * or an enum naming no other member) is left as it is, and so is an inline member, which the discriminator cannot
 * name. One whose enum also holds the other members' names (Ory Kratos' recovery body: both members allow
 * `method: link | code`) is held to its own names like the rest. One allowing none of its names, but other members'
 * names and values of its own too, is held to those values of its own, with a warning: FusionAuth maps its OpenID
 * Connect provider as `OpenIdConnect` while the `type` enum all its providers share spells it `OpenIDConnect`, and
 * left as it was, that member matched every provider and `oneOf` refused them all. One allowing only values of its
 * own, or only other members' names, is left as it is (held to its names, it would refuse every value).
 */

import { isObject, type JsonObject } from "./refs.js";

/** What the reading needs of the keyword lowering that calls it: refs followed. */
interface DiscriminatorContext {
  followValue(value: unknown): unknown;
  warn(pointer: string, message: string): void;
}

/** `raw` with each member of its discriminated `oneOf` held to the discriminator's names for it. */
export function withDiscriminatorNames(raw: JsonObject, pointer: string, context: DiscriminatorContext): JsonObject {
  const { oneOf, discriminator } = raw;
  if (!Array.isArray(oneOf) || !isObject(discriminator) || typeof discriminator.propertyName !== "string") return raw;
  const tag = discriminator.propertyName;
  const mapping = isObject(discriminator.mapping) ? discriminator.mapping : {};
  const required = Array.isArray(raw.required) && raw.required.includes(tag);
  const namesByMember = oneOf.map((member) =>
    isObject(member) && typeof member.$ref === "string" ? namesOf(member.$ref, mapping) : [],
  );
  let named = false;
  const members = oneOf.map((member, at) => {
    const names = namesByMember[at]!;
    if (names.length === 0) return member;
    const others = namesByMember.flatMap((theirs, i) => (i === at ? [] : theirs));
    const values = heldTo(context.followValue(member), tag, names, others, context);
    if (values === undefined) return member;
    if (values !== names) {
      context.warn(
        `${pointer}/oneOf/${at}`,
        `the discriminator names this member ${names.join(", ")}, which its ${tag} does not allow: held to the values no other member is named by (${values.join(", ")})`,
      );
    }
    named = true;
    const pinned = values.length === 1 ? { const: values[0] } : { enum: values };
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

/**
 * The values the member is to be held to, or undefined to leave it as it is. A member that does not pin its
 * discriminator's property, or pins it to values naming other members too, is held to its own names. One pinning it
 * to values of its own (a const, an enum naming no other member) needs nothing more. One pinning it to none of its
 * names is held to the values it allows that name no other member, where it has some.
 */
function heldTo(
  member: unknown,
  tag: string,
  own: string[],
  others: string[],
  context: DiscriminatorContext,
): string[] | undefined {
  const values = tagValues(member, tag, context);
  if (values === undefined) return own;
  if (!values.some((value) => others.includes(value as string))) return undefined;
  if (values.some((value) => own.includes(value as string))) return own;
  const rest = values.filter((value): value is string => typeof value === "string" && !others.includes(value));
  return rest.length > 0 ? rest : undefined;
}

/** The values the member allows its discriminator's property, when it pins them (a const or an enum). */
function tagValues(member: unknown, tag: string, context: DiscriminatorContext): unknown[] | undefined {
  if (!isObject(member)) return undefined;
  const properties = context.followValue(member.properties);
  const own = isObject(properties) ? context.followValue(properties[tag]) : undefined;
  if (isObject(own) && own.const !== undefined) return [own.const];
  if (isObject(own) && Array.isArray(own.enum)) return own.enum;
  if (!Array.isArray(member.allOf)) return undefined;
  for (const part of member.allOf) {
    const values = tagValues(context.followValue(part), tag, context);
    if (values !== undefined) return values;
  }
  return undefined;
}
