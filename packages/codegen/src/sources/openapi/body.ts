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
 * The operation with a body that can be sent, said in a warning when it differs. A GET or HEAD request cannot carry
 * one (fetch refuses it, so the executor would refuse every call that gave it): the body is left out. A form or
 * multipart body is an object's fields, so a schema of another type (PeerTube's studio edit posts an array as
 * form-urlencoded) has no way to be written: an optional body is left out, and an operation requiring one is
 * skipped (`undefined`), since every call would be refused.
 */
export function withSendableBody(
  operation: SourceOperation,
  refs: RefResolver,
  diagnostics: Diagnostics,
): SourceOperation | undefined {
  const { body, method } = operation;
  if (!body) return operation;
  const { body: _body, ...rest } = operation;
  if (sendsNoBody(method)) {
    diagnostics.warn(
      body.pointer,
      `a ${method.toUpperCase()} request cannot carry a body (fetch refuses one): the request body is left out`,
    );
    return rest;
  }
  const type = fieldlessType(body, refs);
  if (type === undefined) return operation;
  const what = `the body (${body.mediaType}) is sent as an object's fields, but its schema's type is ${type}`;
  diagnostics.warn(body.pointer, body.required ? `${what}: skipped` : `${what}: the request body is left out`);
  return body.required ? undefined : rest;
}

/** The type of a form or multipart body's schema when it is no object (so it has no fields), else undefined. */
function fieldlessType(body: SourceBody, refs: RefResolver): string | undefined {
  if (!isFormMediaType(body.mediaType) && !isMultipartMediaType(body.mediaType)) return undefined;
  const schema = refs.follow(body.schema, body.schemaPointer)?.value;
  const type = isObject(schema) ? schema.type : undefined;
  const types = typeof type === "string" ? [type] : Array.isArray(type) ? type : [];
  return types.length > 0 && !types.includes("object") ? types.join(" or ") : undefined;
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
