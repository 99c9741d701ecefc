/**
 * TypeScript types -> JSON Schema 2020-12, read from the type checker (so aliases, generics, mapped types,
 * `Parameters<typeof fn>[0]` and imports are already resolved). Anything that cannot travel as JSON is a problem
 * located where it is written; conversion goes on past it, so one run reports every problem.
 */
import type { ts } from "ts-morph";
import type { JsonSchema } from "../../ir/types.js";
import { compiler } from "./compiler.js";
import { annotationsOf } from "./doc-tags.js";
import { applyAnnotations } from "./keywords.js";
import { literalSchema } from "./literals.js";
import { RootState, type SchemaContext, typeId } from "./schema-context.js";
import { has, isArray, isInNodeModules, isReadonlyArray, isTuple, typeText } from "./types.js";
import { unionSchema } from "./union.js";

/** Deeper than this, a type is taken to expand forever (`type Deep<T> = { next: Deep<T[]> }`). */
const MAX_DEPTH = 64;

const { ElementFlags, SymbolFlags, SyntaxKind, TypeFlags } = compiler;

/** Library types that hold data but are not JSON, with what to write instead. */
const NOT_JSON: Record<string, string> = {
  Map: "Record<string, V> (an object) or an array of [key, value] tuples",
  Set: "an array (V[])",
  WeakMap: "Record<string, V>",
  WeakSet: "an array",
  Promise: "the value itself (arguments arrive resolved)",
  RegExp: "a string, with `@format regex` or a `@pattern` tag",
  Uint8Array: "a string (base64, with `@format byte`)",
  Buffer: "a string (base64, with `@format byte`)",
  ArrayBuffer: "a string (base64, with `@format byte`)",
  URL: "a string with `@format uri`",
  Error: "an object type with the fields you need ({ message: string })",
};

/**
 * The schema of a type, as a root: recursive types land in its `$defs`, referenced as `#/$defs/Name`. `at` is the
 * node the type was written at (a parameter, a property, a type alias): types resolve there and problems point there.
 */
export function schemaOfType(type: ts.Type, at: ts.Node, context: SchemaContext, path = "(root)"): JsonSchema {
  const state = new RootState(context);
  const schema = convert(type, at, path, state);
  return withDefs(schema, state);
}

/** Attaches the root's `$defs`; a root that is itself recursive is inlined, so the root keeps its own `type`. */
function withDefs(schema: JsonSchema, state: RootState): JsonSchema {
  if (state.defs.size === 0 || typeof schema === "boolean") return schema;
  const ref = typeof schema.$ref === "string" ? schema.$ref.replace("#/$defs/", "") : undefined;
  const body =
    ref !== undefined && state.defs.has(ref) ? { ...(state.defs.get(ref) as object), ...omitRef(schema) } : schema;
  return { ...body, $defs: Object.fromEntries(state.defs) };
}

function omitRef(schema: Record<string, unknown>): Record<string, unknown> {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

/** Converts one type; `at` locates problems and is where properties' types are resolved. */
function convert(type: ts.Type, at: ts.Node, path: string, state: RootState): JsonSchema {
  if (has(type, TypeFlags.Any) && (type as { intrinsicName?: string }).intrinsicName === "error") {
    // The checker's stand-in for a type it could not find: an import of a package (or @types) that is not installed.
    return state.problem(
      at,
      path,
      `${path} has a type the compiler could not resolve (a package or its @types not installed, or a wrong import path: tsc names it). Install it or fix the import.`,
    );
  }
  if (has(type, TypeFlags.Any)) {
    return state.problem(
      at,
      path,
      `${path} is \`any\`, which says nothing a client can check. Write the type it holds, or \`unknown\` to accept any JSON value.`,
    );
  }
  if (has(type, TypeFlags.Unknown)) return {};
  if (has(type, TypeFlags.Never))
    return state.problem(at, path, `${path} is \`never\`: no value can be sent. Remove it.`);
  if (has(type, TypeFlags.TypeParameter)) {
    return state.problem(
      at,
      path,
      `${path} is the type parameter ${typeText(type, state.context.checker)}, which has no concrete type here. Pass a concrete type argument.`,
    );
  }
  if (has(type, TypeFlags.Null)) return { type: "null" };
  if (has(type, TypeFlags.Undefined) || has(type, TypeFlags.Void)) {
    return state.problem(
      at,
      path,
      `${path} is \`undefined\`, which JSON cannot carry. Make the field optional (\`?:\`).`,
    );
  }
  if (has(type, TypeFlags.Boolean)) return { type: "boolean" };
  if (type.isLiteral() || has(type, TypeFlags.BooleanLiteral)) return literalSchema(type);
  if (has(type, TypeFlags.String) || has(type, TypeFlags.TemplateLiteral)) return { type: "string" };
  if (has(type, TypeFlags.Number)) return { type: "number" };
  if (has(type, TypeFlags.BigInt) || has(type, TypeFlags.BigIntLiteral)) {
    return state.problem(
      at,
      path,
      `${path} is a bigint, which JSON cannot carry. Use \`number\` or a \`string\` of digits.`,
    );
  }
  if (type.flags & TypeFlags.ESSymbolLike) {
    return state.problem(at, path, `${path} is a symbol, which JSON cannot carry. Use a string.`);
  }
  const cached = state.context.cache.get(type);
  if (cached !== undefined) return cached;
  if (type.isUnion()) return unionSchema(type, at, path, state, convert);
  if (type.isIntersection()) return intersectionSchema(type, at, path, state);
  return objectLikeSchema(type, at, path, state);
}

/** `number & Int` (the runtime's brand) is an integer; `string & { __brand }` a string; objects merge. */
function intersectionSchema(type: ts.IntersectionType, at: ts.Node, path: string, state: RootState): JsonSchema {
  const members = type.types;
  const primitive = members.find(
    (member) => has(member, TypeFlags.String) || has(member, TypeFlags.Number) || has(member, TypeFlags.Boolean),
  );
  if (primitive === undefined) return objectLikeSchema(type, at, path, state);
  if (has(primitive, TypeFlags.Number) && members.some(isIntegerBrand)) return { type: "integer" };
  return convert(primitive, at, path, state);
}

/** The runtime's `Int` brand: an object with its unique-symbol property `mcpsmithInteger`. */
function isIntegerBrand(type: ts.Type): boolean {
  return type.getProperties().some((property) => /^__@mcpsmithInteger@\d+$/.test(property.getName()));
}

function objectLikeSchema(type: ts.Type, at: ts.Node, path: string, state: RootState): JsonSchema {
  const { checker } = state.context;
  const symbol = type.getSymbol();
  const name = symbol?.getName();
  if (name === "Date" && isLibrary(symbol?.declarations?.[0])) return { type: "string", format: "date-time" };
  if (name !== undefined && NOT_JSON[name] !== undefined && isLibraryOrNode(symbol?.declarations?.[0])) {
    return state.problem(at, path, `${path} is a ${name}, which JSON cannot carry. Write ${NOT_JSON[name]} instead.`);
  }
  if (isArray(type, checker) || isReadonlyArray(type, checker)) {
    const element = checker.getTypeArguments(type as ts.TypeReference)[0];
    if (element === undefined) return { type: "array" };
    return { type: "array", items: convert(element, at, `${path}[]`, state) };
  }
  if (isTuple(type)) return tupleSchema(type as ts.TypeReference, at, path, state);
  if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) {
    return state.problem(
      at,
      path,
      `${path} is a function, which JSON cannot carry. Take the data the function would work on instead (a string, number or object).`,
    );
  }
  if (!has(type, TypeFlags.Object) && !type.isIntersection()) {
    return state.problem(
      at,
      path,
      `${path} has the type ${typeText(type, checker)}, which has no JSON Schema. Write a plain data type.`,
    );
  }
  return trackedObject(type, at, path, state);
}

/** Objects go through the recursion bookkeeping: a type met again on its own way down becomes a `$ref`. */
function trackedObject(type: ts.Type, at: ts.Node, path: string, state: RootState): JsonSchema {
  const id = typeId(type);
  const defined = state.defined.get(id);
  if (defined !== undefined) {
    state.refs += 1;
    return { $ref: `#/$defs/${defined}` };
  }
  const open = state.open.get(id);
  if (open !== undefined) {
    open.referenced = true;
    state.refs += 1;
    return { $ref: `#/$defs/${open.name}` };
  }
  if (state.depth >= MAX_DEPTH) {
    return state.problem(
      at,
      path,
      `${path} nests deeper than ${MAX_DEPTH} levels (a generic type that expands forever?). Give the nested part a named, non-generic type.`,
    );
  }
  const entry = { name: state.defName(nameOf(type)), referenced: false };
  state.open.set(id, entry);
  state.depth += 1;
  const refsBefore = state.refs;
  const problemsBefore = state.context.problems.length;
  const schema = objectSchema(type, at, path, state);
  state.depth -= 1;
  state.open.delete(id);
  if (entry.referenced) {
    state.defs.set(entry.name, schema);
    state.defined.set(id, entry.name);
    state.refs += 1;
    return { $ref: `#/$defs/${entry.name}` };
  }
  if (state.refs === refsBefore && state.context.problems.length === problemsBefore)
    state.context.cache.set(type, schema);
  return schema;
}

function nameOf(type: ts.Type): string {
  const alias = type.aliasSymbol?.getName();
  if (alias !== undefined) return alias;
  const name = type.getSymbol()?.getName();
  return name === undefined || name.startsWith("__") ? "Type" : name;
}

function objectSchema(type: ts.Type, at: ts.Node, path: string, state: RootState): JsonSchema {
  const { checker } = state.context;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const property of type.getProperties()) {
    const name = property.getName();
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    const where = declaration ?? at;
    const fieldPath = path === "(root)" ? name : `${path}.${name}`;
    if (name.startsWith("__@")) {
      state.problem(where, fieldPath, `${fieldPath} has a symbol key, which JSON cannot carry. Use a string key.`);
      continue;
    }
    if (declaration?.kind === SyntaxKind.MethodSignature || declaration?.kind === SyntaxKind.MethodDeclaration) {
      const owner = nameOf(type);
      state.problem(
        declaration,
        fieldPath,
        `${fieldPath} is a method${owner === "Type" ? "" : ` of ${owner}`}; arguments and results are plain JSON data. Describe the data with an interface or type alias that has no methods.`,
      );
      continue;
    }
    const propertyType = checker.getTypeOfSymbolAtLocation(property, at);
    const annotations = annotationsOf(declaration, fieldPath, state.context.problems);
    const schema = convert(propertyType, where, fieldPath, state);
    properties[name] = applyAnnotations(schema, annotations, where, fieldPath, state);
    if (!(property.flags & SymbolFlags.Optional) && !includesUndefined(propertyType)) required.push(name);
  }
  const schema: Record<string, unknown> = { type: "object" };
  const index = type.getStringIndexType() ?? type.getNumberIndexType();
  // A record (`Record<string, V>`) lists no properties; every other object does, even an empty one.
  if (index === undefined || Object.keys(properties).length > 0) schema.properties = properties;
  if (required.length > 0) schema.required = required;
  if (index !== undefined) schema.additionalProperties = convert(index, at, `${path}[key]`, state);
  return schema;
}

export function includesUndefined(type: ts.Type): boolean {
  const isUndefined = (member: ts.Type) => has(member, TypeFlags.Undefined);
  return isUndefined(type) || (type.isUnion() && type.types.some(isUndefined));
}

function tupleSchema(type: ts.TypeReference, at: ts.Node, path: string, state: RootState): JsonSchema {
  const elements = state.context.checker.getTypeArguments(type);
  const flags = (type as ts.TupleTypeReference).target.elementFlags;
  const prefixItems: JsonSchema[] = [];
  let rest: JsonSchema | undefined;
  let minItems = 0;
  elements.forEach((element, index) => {
    const flag = flags[index] ?? ElementFlags.Required;
    const schema = convert(element, at, `${path}[${index}]`, state);
    if (flag & ElementFlags.Variable) rest = schema;
    else prefixItems.push(schema);
    if (flag & ElementFlags.Required) minItems = prefixItems.length;
  });
  return {
    type: "array",
    prefixItems,
    items: rest ?? false,
    minItems,
    ...(rest === undefined && { maxItems: prefixItems.length }),
  };
}

export function isLibrary(declaration: ts.Node | undefined): boolean {
  if (declaration === undefined) return false;
  const file = declaration.getSourceFile();
  return file.isDeclarationFile && /[\\/]lib\.[^\\/]*\.d\.ts$/.test(file.fileName);
}

function isLibraryOrNode(declaration: ts.Node | undefined): boolean {
  if (declaration === undefined) return false;
  return isLibrary(declaration) || isInNodeModules(declaration.getSourceFile());
}
