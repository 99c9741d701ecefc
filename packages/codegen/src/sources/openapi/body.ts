/**
 * A request body -> the `body` argument's schema and the executor's HttpBody. JSON bodies keep their schema;
 * form and multipart bodies are objects whose file fields are base64 strings or `data:` URIs; text bodies are
 * strings; any other media type (octet-stream, images, PDFs) is a binary body given as base64 or a `data:` URI.
 */
import type { HttpBody, HttpBodyEncoding } from "@mcpsmith/runtime/http";
import { isJson, sendsNoBody } from "@mcpsmith/runtime/internal";
import type { JsonSchema } from "../../ir/types.js";
import type { Diagnostics } from "./diagnostics.js";
import { isFormMediaType, isMultipartMediaType, isTextMediaType } from "./media-types.js";
import type { SourceBody, SourceOperation } from "./model.js";
import { isObject, type RefResolver } from "./refs.js";
import type { SchemaSession } from "./schema-converter.js";

export interface LoweredBody {
  schema: JsonSchema;
  binding: HttpBody;
}

/**
 * The operation without its request body when its method cannot send one (GET, HEAD: fetch refuses it, so the
 * executor would refuse every call that gave it), with a warning.
 */
export function withoutUnsendableBody(operation: SourceOperation, diagnostics: Diagnostics): SourceOperation {
  if (!operation.body || !sendsNoBody(operation.method)) return operation;
  const { body: _body, ...rest } = operation;
  diagnostics.warn(
    operation.body.pointer,
    `a ${operation.method.toUpperCase()} request cannot carry a body (fetch refuses one): the request body is left out`,
  );
  return rest;
}

const BINARY_NOTE = "base64-encoded, or a data: URI (data:<media type>;base64,<data>)";

export function lowerBody(body: SourceBody, argument: string, session: SchemaSession, refs: RefResolver): LoweredBody {
  const binding: HttpBody = { argument, mediaType: body.mediaType, required: body.required };
  const { mediaType } = body;
  let schema: JsonSchema;
  if (isJson(mediaType)) {
    schema = body.schema === undefined ? {} : session.lower(body.schema, body.schemaPointer);
  } else if (isFormMediaType(mediaType) || isMultipartMediaType(mediaType)) {
    schema = body.schema === undefined ? { type: "object" } : session.lower(body.schema, body.schemaPointer);
    if (body.encoding) binding.encoding = lowerEncoding(body.encoding);
    const files = isMultipartMediaType(mediaType) ? fileProperties(body.schema, refs) : [];
    if (files.length > 0) binding.fileProperties = files;
  } else if (isTextMediaType(mediaType) && !isBinarySchema(body.schema, refs)) {
    schema = { type: "string", description: `Sent as is, as ${mediaType}` };
  } else {
    binding.binary = true;
    schema = { type: "string", contentEncoding: "base64", description: `The ${mediaType} content, ${BINARY_NOTE}` };
  }
  return { schema: withDescription(schema, bodyDescription(body, binding)), binding };
}

function bodyDescription(body: SourceBody, binding: HttpBody): string | undefined {
  const parts = [body.description];
  if (binding.fileProperties) parts.push(`Files (${binding.fileProperties.join(", ")}): ${BINARY_NOTE}.`);
  const text = parts.filter((part) => part !== undefined).join("\n\n");
  return text === "" ? undefined : text;
}

export function withDescription(schema: JsonSchema, description: string | undefined): JsonSchema {
  if (description === undefined) return schema;
  if (typeof schema === "boolean") return schema ? { description } : schema;
  if (typeof schema.description === "string" && schema.description !== "") return schema;
  return { ...schema, description };
}

function lowerEncoding(encoding: NonNullable<SourceBody["encoding"]>): Record<string, HttpBodyEncoding> {
  return Object.fromEntries(Object.entries(encoding).map(([name, entry]) => [name, { ...entry }]));
}

/** Top-level properties of a multipart schema that are files (binary strings, Swagger 2.0 `type: file`). */
function fileProperties(raw: unknown, refs: RefResolver): string[] {
  const schema = refs.follow(raw, "")?.value;
  if (!isObject(schema)) return [];
  const members = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf.map((m) => refs.follow(m, "")?.value) : [])];
  const files: string[] = [];
  for (const member of members) {
    if (!isObject(member) || !isObject(member.properties)) continue;
    for (const [name, property] of Object.entries(member.properties)) {
      if (isBinarySchema(property, refs) && !files.includes(name)) files.push(name);
    }
  }
  return files;
}

function isBinarySchema(raw: unknown, refs: RefResolver): boolean {
  const schema = refs.follow(raw, "")?.value;
  if (!isObject(schema)) return false;
  return (
    schema.type === "file" ||
    schema.format === "binary" ||
    (typeof schema.contentMediaType === "string" && !isJson(schema.contentMediaType)) ||
    schema.contentEncoding === "base64"
  );
}
