// What the decorators record on a class, and how the model reads it back: the contract between decorators/ (which
// only write records) and from-instance.ts (which turns them into model entries). It lives with the model so that
// the model never imports the decorators.
import type { PromptOptions, ResourceOptions, ToolOptions } from "./options.js";

/**
 * Where a decorated method was declared: its class's metadata object (which tells the declaring class apart from
 * subclasses) and the module file that applied the decorator (where `mcpsmith build` wrote the derived schemas).
 */
export interface DeclarationSite {
  metadata: DecoratorMetadataObject;
  module: string | undefined;
}

/** What one decorator recorded about one method. Nothing else happens at decoration time. */
export type MemberRecord = (
  | { kind: "tool"; method: string | symbol; options: ToolOptions }
  | { kind: "resource"; method: string | symbol; uri: string; options: ResourceOptions }
  | { kind: "prompt"; method: string | symbol; options: PromptOptions }
) & { site?: DeclarationSite };

const MEMBERS = Symbol.for("mcpsmith.members");

type Metadata = Record<PropertyKey, unknown>;

/** Appends a record to a class's metadata without touching the records inherited from its base class. */
export function record(metadata: DecoratorMetadataObject, entry: MemberRecord): void {
  const bag = metadata as Metadata;
  if (!Object.hasOwn(bag, MEMBERS)) {
    bag[MEMBERS] = [...((bag[MEMBERS] as MemberRecord[] | undefined) ?? [])];
  }
  (bag[MEMBERS] as MemberRecord[]).push(entry);
}

/**
 * The name of the class that declared a record (a base class for inherited methods): the class whose own
 * metadata object the decorator saw. Falls back to the object's own class.
 */
export function declaringClassName(instance: object, entry: MemberRecord): string {
  for (let proto = Object.getPrototypeOf(instance); proto !== null; proto = Object.getPrototypeOf(proto)) {
    const owner = proto.constructor as { name: string; [Symbol.metadata]?: unknown };
    // Own property only: a subclass without decorators inherits its base class's metadata object.
    const own = Object.hasOwn(owner, Symbol.metadata) ? owner[Symbol.metadata] : undefined;
    if (entry.site !== undefined && own === entry.site.metadata) return owner.name;
  }
  return instance.constructor.name;
}

/** The records of an object's class (and its base classes), or undefined when it has none. */
export function membersOf(instance: object): readonly MemberRecord[] | undefined {
  const metadata = (instance.constructor as { [Symbol.metadata]?: Metadata | null })[Symbol.metadata];
  return (metadata?.[MEMBERS] as MemberRecord[] | undefined) ?? undefined;
}

/** Whether a class (or an object's class) carries decorator records: something `serve()` can take an instance of. */
export function isDecorated(value: unknown): boolean {
  const owner = typeof value === "function" ? value : (value as { constructor?: unknown } | null)?.constructor;
  const metadata = (owner as { [Symbol.metadata]?: Metadata | null } | undefined)?.[Symbol.metadata];
  return Array.isArray(metadata?.[MEMBERS]);
}
