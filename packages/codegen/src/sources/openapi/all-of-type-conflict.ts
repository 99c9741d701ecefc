/**
 * A `type` beside an `allOf` whose members are of another type: the SMS Gateway for Android's webhook `event` is
 * `{type: object, allOf: [$ref WebhookEvent]}`, WebhookEvent being an enum of strings (a generator writes `type: object`
 * beside every `allOf` it wraps a reference in). No value is both, so every request naming an event was refused. What
 * the author means is the member: the stray `type` is dropped, with a warning. Members that disagree among themselves
 * are left as they are, and so is a `type` one of the members allows.
 */

import { isObject, type JsonObject } from "./refs.js";

/** What the check needs of the keyword lowering that calls it: refs followed, and a way to warn. */
interface ConflictContext {
  followValue(value: unknown): unknown;
  warn(pointer: string, message: string): void;
}

/** `raw` without a `type` that no value of its `allOf` members can have. */
export function withContradictedTypeDropped(raw: JsonObject, pointer: string, context: ConflictContext): JsonObject {
  const { allOf, type, ...rest } = raw;
  if (!Array.isArray(allOf) || type === undefined) return raw;
  const own = typesOf(type);
  if (own === undefined) return raw;
  const members = allOf.map((member) => context.followValue(member));
  const typed = members.flatMap((member) => {
    const types = isObject(member) ? typesOf(member.type) : undefined;
    return types === undefined ? [] : [types];
  });
  if (typed.length === 0 || !typed.every((types) => types.some((t) => typed.every((other) => allows(other, t))))) {
    return raw;
  }
  const conflicting = typed.find((types) => !types.some((t) => allows(own, t)));
  if (conflicting === undefined) return raw;
  context.warn(
    pointer,
    `type ${own.join(" or ")} beside an allOf whose member is ${conflicting.join(" or ")}: no value is both, so the ` +
      "members' type is kept",
  );
  return { ...rest, allOf };
}

function typesOf(type: unknown): string[] | undefined {
  if (typeof type === "string") return [type];
  return Array.isArray(type) && type.every((t) => typeof t === "string") ? (type as string[]) : undefined;
}

/** Whether a value of type `t` can have one of `types` (an integer is a number). */
function allows(types: string[], t: string): boolean {
  return types.some(
    (own) => own === t || (own === "number" && t === "integer") || (own === "integer" && t === "number"),
  );
}
