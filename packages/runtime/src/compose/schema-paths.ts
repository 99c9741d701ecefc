import type { JsonSchema } from "../schema/types.js";

/** `where.tenant_id.eq` -> `["where", "tenant_id", "eq"]`: the steps of a bound argument's path. */
export function pathOf(path: string): string[] {
  return path.split(".");
}

/**
 * The schema without the properties at `paths`, for a schema whose bound arguments leave it. Each step follows
 * `properties`, through local `$ref`s (`#/$defs/Name`): a definition on the way is copied to where it is used, so
 * the other places that use it keep it whole. Throws naming the first path the schema does not have.
 */
export function withoutPaths(schema: JsonSchema, paths: readonly string[]): JsonSchema {
  return removePaths(schema, paths).schema;
}

/** {@link withoutPaths}, with the schema each path had (its `$ref` followed), by path. */
export function removePaths(
  schema: JsonSchema,
  paths: readonly string[],
): { schema: JsonSchema; removed: Record<string, JsonSchema> } {
  const root = structuredClone(schema);
  const removed: Record<string, JsonSchema> = {};
  for (const path of paths) {
    const steps = pathOf(path);
    let node = root;
    for (const [index, step] of steps.entries()) {
      const properties = propertiesOf(node, path);
      if (!Object.hasOwn(properties, step)) throw new Error(`has no argument "${steps.slice(0, index + 1).join(".")}"`);
      if (index === steps.length - 1) {
        removed[path] = followed(root, properties[step] as JsonSchema);
        delete properties[step];
        if (Array.isArray(node.required)) node.required = node.required.filter((name) => name !== step);
        break;
      }
      const child = inlined(root, properties[step] as JsonSchema, path);
      properties[step] = child;
      node = child;
    }
  }
  return { schema: root, removed };
}

/** A schema, or the definition its local `$ref` names. */
function followed(root: JsonSchema, node: JsonSchema): JsonSchema {
  try {
    return inlined(root, node, "");
  } catch {
    return node;
  }
}

/** The node's own properties, after replacing a local `$ref` in place by a copy of its definition. */
function propertiesOf(node: JsonSchema, path: string): Record<string, unknown> {
  if (typeof node.properties !== "object" || node.properties === null) {
    throw new Error(`has no argument "${path}" (only object properties can be bound)`);
  }
  return node.properties as Record<string, unknown>;
}

function inlined(root: JsonSchema, node: JsonSchema, path: string): JsonSchema {
  const ref = node?.$ref;
  if (typeof ref !== "string") return node;
  const name = /^#\/\$defs\/([^/]+)$/.exec(ref)?.[1];
  const defs = root.$defs as Record<string, JsonSchema> | undefined;
  const target = name === undefined ? undefined : defs?.[decodeURIComponent(name)];
  if (target === undefined) throw new Error(`has no argument "${path}" (${ref} cannot be followed)`);
  const { $ref: _ref, ...rest } = node;
  return { ...structuredClone(target), ...rest };
}

/** `args` with `value` at `path`, objects on the way copied (never the caller's own objects changed). */
export function withValueAt(
  args: Record<string, unknown>,
  path: readonly string[],
  value: unknown,
): Record<string, unknown> {
  const [step, ...rest] = path;
  if (step === undefined) return args;
  if (rest.length === 0) return { ...args, [step]: value };
  const inner = args[step];
  const object =
    typeof inner === "object" && inner !== null && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {};
  return { ...args, [step]: withValueAt(object, rest, value) };
}
