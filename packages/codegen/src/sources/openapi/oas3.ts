/** OpenAPI 3.0, 3.1 and 3.2 documents -> the source model. */
import type { Diagnostics } from "./diagnostics.js";
import { chooseBodyMediaType, chooseJsonMediaType } from "./media-types.js";
import type { SourceBody, SourceBodyEncoding, SourceOperation, SourceParameter, SourceResponse } from "./model.js";
import { mergeParameterLists, readOas3Parameter } from "./oas3-parameters.js";
import { type OperationContext, OperationSkipped, readOperationCommon } from "./operation.js";
import { childPointer, isObject, type JsonObject, type RefResolver } from "./refs.js";
import { readServers } from "./servers.js";
import { readParameterBody, splitBodyParameters } from "./swagger2.js";

export function readOas3Operation(context: OperationContext, refs: RefResolver): SourceOperation {
  const { operation, item, pointer, pathPointer, diagnostics, reach } = context;
  const raw = mergeParameterLists(item.parameters, operation.parameters, pathPointer, pointer, refs);
  const { located, bodyParts } = splitBodyParameters(raw);
  const parameters = located.flatMap((entry) => readOas3Parameter(entry, diagnostics, reach) ?? []);
  checkWholeQuery(parameters);
  const responses = readResponses(operation.responses, `${pointer}/responses`, refs, diagnostics);
  const result: SourceOperation = {
    ...readOperationCommon(context, parameters, raw),
    responseMediaTypes: responses.mediaTypes,
  };
  const requestBody = readRequestBody(operation.requestBody, `${pointer}/requestBody`, refs, diagnostics);
  const fromParameters = swagger2Body(bodyParts, operation.requestBody !== undefined, pointer, diagnostics);
  const body = requestBody ?? fromParameters;
  if (body) result.body = body;
  if (responses.json) result.jsonResponse = responses.json;
  const servers =
    readServers(operation.servers, `${pointer}/servers`, diagnostics) ??
    readServers(item.servers, `${pathPointer}/servers`, diagnostics);
  if (servers && servers.length > 0) result.servers = servers;
  return result;
}

/**
 * OpenAPI 3.2's `querystring` is the whole query: it comes once, and never beside `in: query` parameters, which would
 * have no query left to go in. An operation declaring otherwise cannot be sent as declared.
 */
function checkWholeQuery(parameters: SourceParameter[]): void {
  const whole = parameters.filter((parameter) => parameter.in === "querystring");
  if (whole.length === 0) return;
  if (whole.length > 1) {
    throw new OperationSkipped(`it declares ${whole.length} querystring parameters, and the query is one value`);
  }
  const query = parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name);
  if (query.length > 0) {
    throw new OperationSkipped(
      `its querystring parameter ${whole[0]!.name} is the whole query, and it declares query parameters too (${query.join(", ")})`,
    );
  }
}

/**
 * Swagger 2.0's body parameters in an OpenAPI 3 document (`in: formData`, `in: body`: a document half converted,
 * or annotations written for the older version) are read as Swagger 2.0 reads them, as the request body, rather
 * than refusing the document; where the operation has a `requestBody`, that is its body and they are left out.
 */
function swagger2Body(
  parts: ReturnType<typeof splitBodyParameters>["bodyParts"],
  hasRequestBody: boolean,
  pointer: string,
  diagnostics: Diagnostics,
): SourceBody | undefined {
  const entries = [...parts.bodies, ...parts.formFields];
  if (entries.length === 0) return undefined;
  const names = entries.map(({ value }) => `${String(value.name)} (in: ${String(value.in)})`).join(", ");
  if (hasRequestBody) {
    diagnostics.warn(
      pointer,
      `parameters ${names} are Swagger 2.0's body parameters, and requestBody is the body: left out`,
    );
    return undefined;
  }
  diagnostics.warn(
    pointer,
    `parameters ${names} are Swagger 2.0's body parameters, not OpenAPI 3's: read as the request body, as Swagger 2.0 reads them`,
  );
  return readParameterBody(parts, undefined, pointer, diagnostics);
}

function readRequestBody(
  value: unknown,
  pointer: string,
  refs: RefResolver,
  diagnostics: Diagnostics,
): SourceBody | undefined {
  if (value === undefined) return undefined;
  const followed = refs.follow(value, pointer);
  if (!followed || !isObject(followed.value)) return undefined;
  const requestBody = followed.value;
  const content = isObject(requestBody.content) ? requestBody.content : {};
  const mediaTypes = Object.keys(content);
  const mediaType = chooseBodyMediaType(mediaTypes);
  if (mediaType === undefined) {
    diagnostics.warn(followed.pointer, "request body with no media type: the operation is sent without a body");
    return undefined;
  }
  const media = isObject(content[mediaType]) ? (content[mediaType] as JsonObject) : {};
  const body: SourceBody = {
    mediaType,
    mediaTypes,
    required: requestBody.required === true,
    pointer: childPointer(followed.pointer, "content", mediaType),
    schemaPointer: childPointer(followed.pointer, "content", mediaType, "schema"),
  };
  if (typeof requestBody.description === "string" && requestBody.description.trim() !== "") {
    body.description = requestBody.description.trim();
  }
  if (media.schema !== undefined) body.schema = media.schema;
  const encoding = readEncoding(media.encoding);
  if (encoding) body.encoding = encoding;
  return body;
}

function readEncoding(value: unknown): Record<string, SourceBodyEncoding> | undefined {
  if (!isObject(value)) return undefined;
  const encoding: Record<string, SourceBodyEncoding> = {};
  for (const [property, entry] of Object.entries(value)) {
    if (!isObject(entry)) continue;
    const item: SourceBodyEncoding = {};
    if (typeof entry.contentType === "string") item.contentType = entry.contentType;
    if (typeof entry.style === "string") item.style = entry.style as SourceBodyEncoding["style"];
    if (typeof entry.explode === "boolean") item.explode = entry.explode;
    encoding[property] = item;
  }
  return Object.keys(encoding).length > 0 ? encoding : undefined;
}

// The specification writes a range with an uppercase X; documents also write it in lowercase (Hetzner's `4xx`), which
// can mean nothing else: a lowercase `2xx` is a success like `2XX`, not a key to ignore.
const STATUS_KEY = /^([1-5][0-9][0-9]|[1-5][Xx][Xx]|default)$/;
const isRange = (status: string) => status.length === 3 && (status[1] === "X" || status[1] === "x");

/** The 2xx responses: all their media types (for Accept) and the first JSON schema among them (for output). */
function readResponses(
  value: unknown,
  pointer: string,
  refs: RefResolver,
  diagnostics: Diagnostics,
): { mediaTypes: string[]; json?: SourceResponse } {
  const mediaTypes: string[] = [];
  let json: SourceResponse | undefined;
  if (!isObject(value)) return { mediaTypes };
  const statuses = Object.keys(value).filter((status) => {
    if (STATUS_KEY.test(status)) return status.startsWith("2");
    diagnostics.warn(childPointer(pointer, status), `response key "${status}" is not a status code: ignored`);
    return false;
  });
  // 200 before 201 before 2XX: the most specific success first. Three digits or 2XX (STATUS_KEY): code-unit order is
  // numeric order, without localeCompare's collator (setting one up costs more than the sort: bench/README.md).
  statuses.sort((a, b) => (isRange(a) === isRange(b) ? (a < b ? -1 : a > b ? 1 : 0) : isRange(a) ? 1 : -1));
  for (const status of statuses) {
    const followed = refs.follow(value[status], childPointer(pointer, status));
    if (!followed || !isObject(followed.value) || !isObject(followed.value.content)) continue;
    const content = followed.value.content;
    mediaTypes.push(...Object.keys(content));
    const jsonType = chooseJsonMediaType(Object.keys(content));
    const media = jsonType === undefined ? undefined : content[jsonType];
    if (json === undefined && jsonType !== undefined && isObject(media) && media.schema !== undefined) {
      json = {
        status,
        mediaType: jsonType,
        schema: media.schema,
        pointer: childPointer(followed.pointer, "content", jsonType, "schema"),
      };
    }
  }
  return json ? { mediaTypes, json } : { mediaTypes };
}
