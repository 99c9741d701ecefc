/**
 * Swagger 2.0 documents -> the source model, faithfully: `in: body` becomes the body, `formData` parameters one
 * form or multipart body (`type: file` fields as files), `consumes`/`produces` pick the media types,
 * `collectionFormat` becomes style/explode. Written here rather than taken from a converter so that no second
 * `$ref` resolver (and no network access) enters the pipeline, and only what a tool needs is converted.
 */
import type { ParameterLocation, ParameterStyle } from "@mcpsmith/runtime/http";
import { headerParameterAllowed } from "./common.js";
import type { Diagnostics } from "./diagnostics.js";
import { chooseBodyMediaType, chooseJsonMediaType, isFormMediaType, isMultipartMediaType } from "./media-types.js";
import type { SourceBody, SourceBodyEncoding, SourceOperation, SourceParameter, SourceResponse } from "./model.js";
import { mergeParameterLists, unknownLocation } from "./oas3-parameters.js";
import { type OperationContext, OperationSkipped, readOperationCommon } from "./operation.js";
import { childPointer, isObject, type JsonObject, type RefResolver } from "./refs.js";

/** Keywords of a non-body Swagger 2.0 parameter that describe its value (they become its schema). */
const SCHEMA_KEYWORDS = [
  "type",
  "format",
  "items",
  "default",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "enum",
  "multipleOf",
  "x-nullable",
] as const;

const FORMAT_STYLES: Record<string, { style: ParameterStyle; explode: boolean }> = {
  ssv: { style: "spaceDelimited", explode: false },
  pipes: { style: "pipeDelimited", explode: false },
  tsv: { style: "tabDelimited", explode: false },
};

/** `collectionFormat` -> style/explode. Non-arrays get their location's OpenAPI 3 default. */
export function collectionFormatStyle(
  location: ParameterLocation | "formData",
  format: unknown,
  isArray: boolean,
): { style: ParameterStyle; explode: boolean } {
  const formLike = location === "query" || location === "cookie" || location === "formData";
  if (!isArray) return formLike ? { style: "form", explode: true } : { style: "simple", explode: false };
  if (typeof format === "string" && FORMAT_STYLES[format]) return FORMAT_STYLES[format];
  if (format === "multi" && formLike) return { style: "form", explode: true };
  return formLike ? { style: "form", explode: false } : { style: "simple", explode: false };
}

export function readSwagger2Operation(context: OperationContext, root: JsonObject, refs: RefResolver): SourceOperation {
  const { operation, item, pointer, pathPointer, diagnostics } = context;
  const raw = mergeParameterLists(item.parameters, operation.parameters, pathPointer, pointer, refs);
  const { located, bodyParts } = splitBodyParameters(raw);
  const parameters = located.flatMap((entry) => readSimpleParameter(entry.value, entry.pointer, diagnostics) ?? []);
  const consumes = mediaList(operation.consumes) ?? mediaList(root.consumes) ?? [];
  const produces = mediaList(operation.produces) ?? mediaList(root.produces) ?? ["application/json"];
  const result: SourceOperation = { ...readOperationCommon(context, parameters, raw), responseMediaTypes: produces };
  const body = readParameterBody(bodyParts, consumes, pointer, diagnostics);
  if (body) result.body = body;
  const json = readJsonResponse(operation.responses, `${pointer}/responses`, produces, refs);
  if (json) result.jsonResponse = json;
  return result;
}

function mediaList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.length > 0 ? value.filter((v): v is string => typeof v === "string") : undefined;
}

function valueSchema(parameter: JsonObject): JsonObject {
  const schema: JsonObject = {};
  for (const keyword of SCHEMA_KEYWORDS) if (parameter[keyword] !== undefined) schema[keyword] = parameter[keyword];
  if (typeof parameter.description === "string") schema.description = parameter.description;
  return schema;
}

/** Where a Swagger 2.0 parameter may be; body and formData ones are read as the body, apart. */
const SWAGGER2_LOCATIONS = new Set(["path", "query", "header", "body", "formData"]);

function readSimpleParameter(
  value: JsonObject,
  pointer: string,
  diagnostics: Diagnostics,
): SourceParameter | undefined {
  const location = value.in;
  if (typeof value.name === "string" && typeof location === "string" && !SWAGGER2_LOCATIONS.has(location)) {
    return unknownLocation(value.name, location, value.required === true, pointer, diagnostics);
  }
  if (typeof value.name !== "string" || !(location === "path" || location === "query" || location === "header")) {
    diagnostics.problem(pointer, "a parameter needs a name and an `in` of path, query, header, body or formData");
    return undefined;
  }
  if (value.type === "file") {
    diagnostics.warn(pointer, `parameter ${value.name}: type file is only allowed in formData: ignored`);
    return undefined;
  }
  if (location === "header" && !headerParameterAllowed(value.name, pointer, diagnostics)) return undefined;
  const required = location === "path" || value.required === true;
  if (location === "path" && value.required !== true) {
    diagnostics.warn(pointer, `path parameter ${value.name} is not marked required: treated as required`);
  }
  if (value.collectionFormat === "multi" && location !== "query") {
    diagnostics.warn(pointer, `collectionFormat multi is only allowed in query and formData: csv used instead`);
  }
  const { description: _description, ...schema } = valueSchema(value);
  const parameter: SourceParameter = {
    name: value.name,
    in: location,
    required,
    deprecated: false,
    schema,
    ...collectionFormatStyle(location, value.collectionFormat, value.type === "array"),
    pointer,
  };
  if (typeof value.description === "string" && value.description.trim() !== "") {
    parameter.description = value.description.trim();
  }
  return parameter;
}

type RawParameter = { value: JsonObject; pointer: string };

/** Swagger 2.0's body parameters (`in: body`, `in: formData`) apart from the ones a request places elsewhere. */
export function splitBodyParameters(raw: RawParameter[]): {
  located: RawParameter[];
  bodyParts: { bodies: RawParameter[]; formFields: RawParameter[] };
} {
  const located: RawParameter[] = [];
  const bodyParts: { bodies: RawParameter[]; formFields: RawParameter[] } = { bodies: [], formFields: [] };
  for (const entry of raw) {
    if (entry.value.in === "body") bodyParts.bodies.push(entry);
    else if (entry.value.in === "formData") bodyParts.formFields.push(entry);
    else located.push(entry);
  }
  return { located, bodyParts };
}

/**
 * The body Swagger 2.0's body parameters describe: the `in: body` one, or the formData fields as one form.
 * `consumes` is undefined where the document has no such list (an OpenAPI 3 one): the media type is then the one
 * the fields call for, without a warning that the list lacks it.
 */
export function readParameterBody(
  { bodies, formFields }: { bodies: RawParameter[]; formFields: RawParameter[] },
  consumes: string[] | undefined,
  pointer: string,
  diagnostics: Diagnostics,
): SourceBody | undefined {
  // A request has one body: which of several was meant, no reader can tell.
  if (bodies.length > 1)
    throw new OperationSkipped(`it declares ${bodies.length} body parameters, and a request has one body`);
  const [body] = bodies;
  if (body && formFields.length > 0) {
    throw new OperationSkipped("it declares both a body parameter and formData parameters, and a request has one body");
  }
  if (body) return readBodyParameter(body, consumes ?? []);
  return formFields.length > 0 ? readFormBody(formFields, consumes, pointer, diagnostics) : undefined;
}

function readBodyParameter(entry: RawParameter, consumes: string[]): SourceBody {
  const mediaTypes = consumes.length > 0 ? consumes : ["application/json"];
  const body: SourceBody = {
    mediaType: chooseBodyMediaType(mediaTypes)!,
    mediaTypes,
    required: entry.value.required === true,
    schema: entry.value.schema ?? {},
    pointer: entry.pointer,
    schemaPointer: childPointer(entry.pointer, "schema"),
  };
  if (typeof entry.value.description === "string" && entry.value.description.trim() !== "") {
    body.description = entry.value.description.trim();
  }
  return body;
}

/**
 * A formData field's schema: its value keywords, as Swagger 2.0 writes them. A field written the OpenAPI 3 way, with
 * a `schema` and no `type` (AnythingLLM's, in an OpenAPI 3 document that uses formData all the same), is that schema
 * and what value keywords it has beside it (an `enum`, a `default`). One with a `type` is read by its `type`, as
 * Swagger 2.0 reads it: PortOne's fields give `type: string` beside a `schema` of an object, sent as a string.
 */
function fieldSchema(value: JsonObject): JsonObject {
  const own = valueSchema(value);
  if (!isObject(value.schema) || value.type !== undefined) return own;
  if (value.schema.$ref !== undefined) return { allOf: [value.schema], ...own };
  return { ...value.schema, ...own };
}

/** formData parameters -> one object body: multipart when a field is a file, else form-urlencoded. */
function readFormBody(
  fields: RawParameter[],
  listed: string[] | undefined,
  pointer: string,
  diagnostics: Diagnostics,
): SourceBody {
  const properties: JsonObject = {};
  const required: string[] = [];
  const encoding: Record<string, SourceBodyEncoding> = {};
  for (const { value } of fields) {
    const name = String(value.name);
    const schema = fieldSchema(value);
    properties[name] = schema;
    if (value.required === true) required.push(name);
    if (schema.type === "array") encoding[name] = collectionFormatStyle("formData", value.collectionFormat, true);
  }
  const hasFile = Object.values(properties).some((schema) => (schema as JsonObject).type === "file");
  const consumes = listed ?? [];
  const formTypes = consumes.filter((type) => isFormMediaType(type) || isMultipartMediaType(type));
  let mediaType = hasFile ? formTypes.find(isMultipartMediaType) : chooseBodyMediaType(formTypes);
  if (mediaType === undefined) {
    mediaType = hasFile ? "multipart/form-data" : "application/x-www-form-urlencoded";
    if (listed)
      diagnostics.warn(pointer, `formData parameters but consumes lists no matching media type: sent as ${mediaType}`);
  }
  const schema: JsonObject = { type: "object", properties };
  if (required.length > 0) schema.required = required;
  const body: SourceBody = {
    mediaType,
    mediaTypes: consumes.length > 0 ? consumes : [mediaType],
    required: required.length > 0,
    schema,
    pointer: fields[0]!.pointer,
    schemaPointer: fields[0]!.pointer,
  };
  if (Object.keys(encoding).length > 0) body.encoding = encoding;
  return body;
}

function readJsonResponse(
  value: unknown,
  pointer: string,
  produces: string[],
  refs: RefResolver,
): SourceResponse | undefined {
  const mediaType = chooseJsonMediaType(produces);
  if (!isObject(value) || mediaType === undefined) return undefined;
  const statuses = Object.keys(value)
    .filter((status) => /^2[0-9][0-9]$/.test(status))
    .sort();
  for (const status of statuses) {
    const followed = refs.follow(value[status], childPointer(pointer, status));
    if (followed && isObject(followed.value) && followed.value.schema !== undefined) {
      return { status, mediaType, schema: followed.value.schema, pointer: `${followed.pointer}/schema` };
    }
  }
  return undefined;
}
