/** A tool's input schema (one root object: parameters and body as properties) and its HTTP binding's parts. */
import type { HttpBody, HttpParameter } from "@mcpsmith/runtime/http";
import type { JsonSchema, ObjectSchema } from "../../ir/types.js";
import { ArgumentNames, LOCATION_ORDER } from "./arguments.js";
import { lowerBody, withDescription } from "./body.js";
import type { SourceOperation, SourceParameter } from "./model.js";
import type { RefResolver } from "./refs.js";
import type { SchemaSession } from "./schema-converter.js";

export interface LoweredInput {
  inputSchema: ObjectSchema;
  parameters: HttpParameter[];
  body?: HttpBody;
}

export function lowerInput(operation: SourceOperation, session: SchemaSession, refs: RefResolver): LoweredInput {
  const names = new ArgumentNames();
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const parameters: HttpParameter[] = [];
  const ordered = LOCATION_ORDER.flatMap((location) => operation.parameters.filter((p) => p.in === location));
  for (const parameter of ordered) {
    const argument = names.parameter(parameter.name, parameter.in);
    properties[argument] = parameterSchema(parameter, session);
    if (parameter.required) required.push(argument);
    parameters.push(binding(parameter, argument));
  }
  const result: LoweredInput = { inputSchema: { type: "object", properties }, parameters };
  if (operation.body) {
    const argument = names.body();
    const body = lowerBody(operation.body, argument, session, refs);
    properties[argument] = body.schema;
    if (body.binding.required) required.push(argument);
    result.body = body.binding;
  }
  if (required.length > 0) result.inputSchema.required = required;
  session.attachDefs(result.inputSchema);
  return result;
}

function parameterSchema(parameter: SourceParameter, session: SchemaSession): JsonSchema {
  let schema = withDescription(session.lower(parameter.schema, `${parameter.pointer}/schema`), parameter.description);
  if (parameter.deprecated && typeof schema === "object") schema = { ...schema, deprecated: true };
  return schema;
}

function binding(parameter: SourceParameter, argument: string): HttpParameter {
  const result: HttpParameter = {
    name: parameter.name,
    argument,
    in: parameter.in,
    style: parameter.style,
    explode: parameter.explode,
    required: parameter.required,
  };
  if (parameter.allowReserved) result.allowReserved = true;
  if (parameter.contentType !== undefined) result.contentType = parameter.contentType;
  return result;
}
