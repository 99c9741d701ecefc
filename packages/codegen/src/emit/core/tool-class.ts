/**
 * The methods of a generated tool class, whatever the source: `@tool({...})` with the tool's definition, then a
 * method that hands its arguments to the executor with the tool's binding. Laid out as Biome lays them out, so a
 * generated project passes lint as it is written.
 */
import { toolDefinitionOf } from "../../ir/tool-definition.js";
import type { ToolIR } from "../../ir/types.js";
import { type Field, printFields, printStatement } from "./fields.js";
import { LINE_WIDTH, printString } from "./literal.js";
import { constantCase } from "./names.js";

/** What a group template places for each method. */
export interface ToolMethodView {
  comment: string;
  decorator: string;
  signature: string;
  call: string;
}

/** The indent of a class member. */
export const MEMBER_INDENT = "  ";
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The fields of a tool's `@tool({...})`: its definition's options, `name` first when the method is named otherwise.
 * `place` may write an option as code instead (a schema as a constant named from `stem`, `GET_PET` for `getPet`);
 * options it leaves (`undefined`) are written as values.
 */
export function decoratorFields(
  tool: ToolIR<unknown>,
  method: string,
  place: (key: string, value: unknown, stem: string) => Field | undefined,
): Field[] {
  const stem = constantCase(method);
  const fields: Field[] = method === tool.name ? [] : [{ key: "name", value: tool.name }];
  for (const [key, value] of Object.entries(toolDefinitionOf(tool).options)) {
    fields.push(place(key, value, stem) ?? { key, value });
  }
  return fields;
}

/** `const NAME: JsonSchema = {...};`: a schema written whole as a module-level constant. */
export function schemaConstant(constant: string, schema: unknown): string {
  return printStatement(`const ${constant}: JsonSchema = `, schema, ";");
}

/**
 * One method: its comment, its decorator, and `name(args, ctx) { return this.<executor>.call(<binding>, args, ctx); }`
 * where the binding is the tool's entry in the group's bindings constant.
 */
export function toolMethod(parts: {
  comment: string;
  fields: readonly Field[];
  method: string;
  executor: string;
  bindingsConst: string;
  toolName: string;
}): ToolMethodView {
  const binding = IDENTIFIER.test(parts.toolName)
    ? `${parts.bindingsConst}.${parts.toolName}`
    : `${parts.bindingsConst}[${printString(parts.toolName)}]`;
  return {
    comment: commentText(parts.comment),
    decorator: printFields(parts.fields, { indent: MEMBER_INDENT, prefix: "@tool(", suffix: ")" }),
    signature: signatureOf(parts.method),
    call: callOf(parts.executor, binding),
  };
}

/** Text safe inside a `/** ... *\/` comment on one line. */
export function commentText(text: string): string {
  return text.replace(/\s+/g, " ").replaceAll("*/", "*\\/").trim();
}

/** `name(args: ..., ctx: Context) {`, its parameters one a line when the line would be too long (as Biome does). */
function signatureOf(name: string): string {
  const flat = `${MEMBER_INDENT}${name}(args: Record<string, unknown>, ctx: Context) {`;
  if (flat.length <= LINE_WIDTH) return flat;
  const inner = `${MEMBER_INDENT}  `;
  return `${MEMBER_INDENT}${name}(\n${inner}args: Record<string, unknown>,\n${inner}ctx: Context,\n${MEMBER_INDENT}) {`;
}

/** `return this.http.call(BINDING, args, ctx);`, its arguments one a line when too long. */
function callOf(executor: string, binding: string): string {
  const indent = `${MEMBER_INDENT}  `;
  const flat = `${indent}return this.${executor}.call(${binding}, args, ctx);`;
  if (flat.length <= LINE_WIDTH) return flat;
  const inner = `${indent}  `;
  return `${indent}return this.${executor}.call(\n${inner}${binding},\n${inner}args,\n${inner}ctx,\n${indent});`;
}
