/**
 * A callable's tool shape from its signature and doc comment: the first parameter's type is the input, the awaited
 * return type the output (when it is an object), the JSDoc summary the description, `@param args.field` tags the
 * fields' descriptions.
 */
import type { DatePlan } from "@mcpsmith/runtime";
import type { ts } from "ts-morph";
import type { JsonSchema, ObjectSchema } from "../../ir/types.js";
import { compiler } from "./compiler.js";
import { datePlanOf } from "./date-plan.js";
import { summaryOf, tagsOf } from "./doc-tags.js";
import { createSchemaContext, type SchemaContext } from "./schema-context.js";
import { isLibrary, schemaOfType } from "./schema-of-type.js";
import { problemAt, TypeSchemaError } from "./type-schema-error.js";
import { has, isArray, isTuple, typeText } from "./types.js";

const { ObjectFlags, SyntaxKind, TypeFlags } = compiler;

/** Results that say nothing to describe: `any`, `unknown`, `void`, `undefined`, `never`. */
const NO_OUTPUT = [TypeFlags.Any, TypeFlags.Unknown, TypeFlags.Void, TypeFlags.Undefined, TypeFlags.Never];

export type Callable = ts.FunctionDeclaration | ts.MethodDeclaration | ts.ArrowFunction | ts.FunctionExpression;

export interface CallableSchemas {
  /** The JSDoc summary (of the function, or of the `const` holding an arrow function). */
  description?: string;
  /** The first parameter's schema; an empty object schema when there is no parameter. */
  input: ObjectSchema;
  /** The awaited return type's schema, when it is an object type. */
  output?: ObjectSchema;
  /** Whether the callable takes an arguments parameter at all. */
  takesArguments: boolean;
}

export const EMPTY_INPUT: ObjectSchema = Object.freeze({ type: "object", properties: {} }) as ObjectSchema;

/**
 * Describes a callable. With a `context`, problems are added to `context.problems` and the run goes on (the caller
 * reports them all at the end); without one, any problem throws a `TypeSchemaError` at once.
 */
export function describeCallable(
  callable: Callable,
  checker: ts.TypeChecker,
  context?: SchemaContext,
): CallableSchemas {
  const sink = context ?? createSchemaContext(checker);
  const parameter = callable.parameters[0];
  const input = inputSchemaOf(callable, parameter, sink);
  const output = outputSchemaOf(callable, sink);
  const description = descriptionOf(callable);
  if (context === undefined && sink.problems.length > 0) throw new TypeSchemaError(sink.problems);
  return {
    ...(description !== undefined && { description }),
    input,
    ...(output !== undefined && { output }),
    takesArguments: parameter !== undefined,
  };
}

/** The summary of a callable's doc comment; an arrow function's comment sits on its variable statement. */
export function descriptionOf(callable: Callable): string | undefined {
  return summaryOf(documented(callable));
}

function documented(callable: Callable): ts.Node {
  if (callable.kind !== SyntaxKind.ArrowFunction && callable.kind !== SyntaxKind.FunctionExpression) return callable;
  const declaration = callable.parent;
  if (declaration.kind !== SyntaxKind.VariableDeclaration) return callable;
  // A variable declaration sits in a declaration list, whose parent is the statement carrying the doc comment.
  const statement = declaration.parent.parent;
  return statement.kind === SyntaxKind.VariableStatement ? statement : callable;
}

/** The input schema from an arguments parameter (none: an empty object). Must be an object type. */
export function inputSchemaOf(
  callable: Callable,
  parameter: ts.ParameterDeclaration | undefined,
  context: SchemaContext,
): ObjectSchema {
  if (parameter === undefined) return { ...EMPTY_INPUT, properties: {} };
  const name = parameter.name.kind === SyntaxKind.Identifier ? parameter.name.text : "args";
  const type = context.checker.getTypeAtLocation(parameter);
  const schema = schemaOfType(type, parameter, context, name);
  if (!isObjectSchema(schema)) {
    context.problems.push(
      problemAt(
        parameter,
        name,
        `${name} must be an object type (tool arguments are named fields). Wrap it: \`(${name}: { value: ${typeText(type, context.checker, parameter)} })\`.`,
      ),
    );
    return { ...EMPTY_INPUT, properties: {} };
  }
  return withBindingDefaults(withParamTags(schema, callable, name), parameter);
}

/** Where the arguments parameter's type holds `Date`s (see date-plan.ts); none without one. */
export function argumentDatesOf(
  parameter: ts.ParameterDeclaration | undefined,
  context: SchemaContext,
): DatePlan | undefined {
  if (parameter === undefined) return undefined;
  const name = parameter.name.kind === SyntaxKind.Identifier ? parameter.name.text : "args";
  return datePlanOf(context.checker.getTypeAtLocation(parameter), parameter, context, name);
}

/**
 * The output schema: the awaited return type when it converts cleanly to an object. Anything else (text, content
 * blocks, `void`, a type that is not JSON) gives no output schema and is never an error: the result is then
 * sent as text, as for any tool without one.
 */
export function outputSchemaOf(callable: Callable, context: SchemaContext): ObjectSchema | undefined {
  const { checker } = context;
  const signature = checker.getSignatureFromDeclaration(callable);
  if (signature === undefined) return undefined;
  const returned = checker.getReturnTypeOfSignature(signature);
  const type = awaitedTypeOf(returned, checker);
  if (NO_OUTPUT.some((flag) => has(type, flag))) return undefined;
  const objectLike = has(type, TypeFlags.Object) || type.isIntersection();
  if (!objectLike || isArray(type, checker) || isTuple(type) || fromFramework(type.getSymbol()?.declarations?.[0])) {
    return undefined;
  }
  const quiet: SchemaContext = { checker, problems: [], cache: context.cache };
  const schema = schemaOfType(type, callable.type ?? callable, quiet, "result");
  return quiet.problems.length === 0 && isObjectSchema(schema) ? schema : undefined;
}

/**
 * What a returned value resolves to. A plain object type with no `then`, returned as is or in the global
 * `Promise`, resolves to itself: what the checker's `getAwaitedType` concludes too, after assignability checks
 * asking whether it is a primitive, which showed in re-extraction profiles (bench/README.md). The checker answers for
 * every other type.
 */
function awaitedTypeOf(returned: ts.Type, checker: ts.TypeChecker): ts.Type {
  const target = (returned as Partial<ts.TypeReference>).target;
  const isPromise = target?.symbol?.getName() === "Promise" && target.symbol.declarations?.some(isLibrary) === true;
  const resolved = isPromise ? checker.getTypeArguments(returned as ts.TypeReference)[0] : returned;
  if (resolved !== undefined && isPlainObject(resolved)) return resolved;
  return checker.getAwaitedType(returned) ?? returned;
}

/** An object type that is not generic-mapped, a tuple or thenable (all of which `getAwaitedType` looks into). */
function isPlainObject(type: ts.Type): boolean {
  return (
    type.flags === TypeFlags.Object &&
    !((type as ts.ObjectType).objectFlags & ObjectFlags.Mapped) &&
    !isTuple(type) &&
    type.getProperty("then") === undefined
  );
}

/** Results made of the runtime's or the SDK's own types (content blocks, tool results) are not structured output. */
function fromFramework(declaration: ts.Node | undefined): boolean {
  const file = declaration?.getSourceFile().fileName ?? "";
  return /[\\/](@mcpsmith[\\/]runtime|packages[\\/]runtime|@modelcontextprotocol)[\\/]/.test(file);
}

function isObjectSchema(schema: JsonSchema): schema is ObjectSchema {
  return typeof schema === "object" && schema.type === "object";
}

/** `@param args.query The text` (or `@param query` for a destructured parameter) describes the field `query`. */
function withParamTags(schema: ObjectSchema, callable: Callable, parameterName: string): ObjectSchema {
  const tags = tagsOf(documented(callable)).filter((tag) => tag.name === "param" && tag.parameter !== undefined);
  if (tags.length === 0) return schema;
  let result = schema;
  for (const tag of tags) {
    const text = tag.text.replace(/^\s*-\s*/, "").trim();
    const segments = (tag.parameter as string).split(".");
    const fieldPath = segments[0] === parameterName || segments.length > 1 ? segments.slice(1) : segments;
    if (text === "" || fieldPath.length === 0) continue;
    result = describeField(result, fieldPath, text) as ObjectSchema;
  }
  return result;
}
/**
 * The defaults a destructured parameter writes (`{ limit = 10 }`), as its properties' `default` where the value is a
 * literal: clients see what the function would use (a `default` written in the type's doc comment stays).
 */
function withBindingDefaults(schema: ObjectSchema, parameter: ts.ParameterDeclaration): ObjectSchema {
  if (parameter.name.kind !== SyntaxKind.ObjectBindingPattern) return schema;
  const properties: Record<string, JsonSchema> = { ...schema.properties };
  let changed = false;
  for (const element of parameter.name.elements) {
    const key = element.propertyName ?? element.name;
    if (element.initializer === undefined || element.dotDotDotToken !== undefined) continue;
    if (key.kind !== SyntaxKind.Identifier && key.kind !== SyntaxKind.StringLiteral) continue;
    const property = properties[key.text];
    const value = literalValue(element.initializer);
    if (typeof property !== "object" || property.default !== undefined || value === undefined) continue;
    properties[key.text] = { ...property, default: value };
    changed = true;
  }
  return changed ? { ...schema, properties } : schema;
}

/** The JSON value of a literal expression (`10`, `-1`, `"asc"`, `true`, `[]`, `["a"]`); else undefined. */
function literalValue(expression: ts.Expression): unknown {
  switch (expression.kind) {
    case SyntaxKind.NumericLiteral:
      return Number((expression as ts.NumericLiteral).text);
    case SyntaxKind.StringLiteral:
    case SyntaxKind.NoSubstitutionTemplateLiteral:
      return (expression as ts.StringLiteral).text;
    case SyntaxKind.TrueKeyword:
      return true;
    case SyntaxKind.FalseKeyword:
      return false;
    case SyntaxKind.PrefixUnaryExpression: {
      const { operator, operand } = expression as ts.PrefixUnaryExpression;
      return operator === SyntaxKind.MinusToken && operand.kind === SyntaxKind.NumericLiteral
        ? -Number((operand as ts.NumericLiteral).text)
        : undefined;
    }
    case SyntaxKind.ArrayLiteralExpression: {
      const items = (expression as ts.ArrayLiteralExpression).elements.map(literalValue);
      return items.includes(undefined) ? undefined : items;
    }
    default:
      return undefined;
  }
}

/** A copy of `schema` with `description` set at the property path (unknown paths are left alone). */
function describeField(schema: JsonSchema, path: readonly string[], description: string): JsonSchema {
  if (typeof schema === "boolean" || path.length === 0) {
    return typeof schema === "boolean" ? schema : { ...schema, description };
  }
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const [head, ...rest] = path as [string, ...string[]];
  if (properties?.[head] === undefined) return schema;
  return { ...schema, properties: { ...properties, [head]: describeField(properties[head], rest, description) } };
}
