import { McpsmithError } from "../../errors.js";
import { ToolError } from "../../results/tool-error.js";
import { encodeForm } from "./body.js";
import { encodeStrict } from "./encode.js";
import { reservedHeaderReason } from "./header-names.js";
import { essence, isJson } from "./media-types.js";
import type { HttpOperation, HttpParameter } from "./operation.js";
import { serializeCookie, serializeHeader, serializePath, serializeQuery } from "./styles.js";

/** The parts of a request that come from an operation's parameters. */
export interface ParameterParts {
  /** The path with every template variable filled in and encoded. */
  path: string;
  /** Encoded `key=value` pairs, in the operation's parameter order. */
  query: string[];
  headers: [string, string][];
  /** `name=value` pairs for the `Cookie` header. */
  cookies: string[];
}

const FORBIDDEN_IN_HEADER = /[\r\n\0]/;

/**
 * Places every parameter of `operation` that has a value in `args`. A required parameter without a value is an
 * error the model can fix, so it names the argument to supply.
 */
export function serializeParameters(operation: HttpOperation, args: Record<string, unknown>): ParameterParts {
  const parts: ParameterParts = { path: operation.path, query: [], headers: [], cookies: [] };
  const pathValues = new Map<string, string>();
  for (const parameter of operation.parameters) {
    // The source leaves these out of the tools; a binding written by hand must not send them either.
    if (parameter.in === "header" && reservedHeaderReason(parameter.name) !== undefined) continue;
    const raw = args[parameter.argument];
    if (raw === undefined || raw === null) {
      if (parameter.required) {
        throw new ToolError(
          `Missing required ${parameter.in} parameter "${parameter.name}": pass it as the argument "${parameter.argument}".`,
        );
      }
      continue;
    }
    if (parameter.in === "querystring") {
      const query = wholeQuery(parameter, raw);
      if (query !== "") parts.query.push(query);
      continue;
    }
    // RFC 6570: an empty list or map is undefined, so it adds nothing (a path variable becomes empty).
    if (isEmptyCollection(raw) && parameter.in !== "path" && parameter.contentType === undefined) continue;
    // A `content` parameter is one serialised document, placed like a string.
    const value = parameter.contentType !== undefined ? contentValue(raw, parameter.contentType) : raw;
    switch (parameter.in) {
      case "path":
        pathValues.set(parameter.name, serializePath(parameter.name, parameter.style, parameter.explode, value));
        break;
      case "query":
        parts.query.push(
          ...serializeQuery(parameter.name, parameter.style, parameter.explode, value, parameter.allowReserved),
        );
        break;
      case "header":
        parts.headers.push([parameter.name, headerValue(parameter, value)]);
        break;
      case "cookie":
        parts.cookies.push(...serializeCookie(parameter.name, parameter.explode, value));
        break;
    }
  }
  parts.path = fillPath(operation, pathValues);
  return parts;
}

function isEmptyCollection(value: unknown): boolean {
  return typeof value === "object" && value !== null && Object.keys(value).length === 0;
}

/**
 * A `content` parameter's value as its media type writes it. JSON writes a string quoted (Zulip's `to` is a stream
 * name or a list of ids, as JSON); a text type takes a string as it is.
 */
function contentValue(value: unknown, mediaType: string): string {
  return typeof value === "string" && !isJson(mediaType) ? value : JSON.stringify(value);
}

/**
 * OpenAPI 3.2's `querystring`: the whole query from one value. A form (`application/x-www-form-urlencoded`, the
 * default) takes an object's fields as a form body would; any other media type writes its document, percent-encoded.
 */
function wholeQuery(parameter: HttpParameter, value: unknown): string {
  if (essence(parameter.contentType ?? FORM) !== FORM) return encodeStrict(contentValue(value, parameter.contentType!));
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ToolError(`The query (argument "${parameter.argument}") must be an object of its fields.`);
  }
  return encodeForm(value as Record<string, unknown>);
}

const FORM = "application/x-www-form-urlencoded";

function headerValue(parameter: HttpParameter, value: unknown): string {
  const text = serializeHeader(parameter.explode, value);
  if (FORBIDDEN_IN_HEADER.test(text)) {
    throw new ToolError(
      `The header parameter "${parameter.name}" (argument "${parameter.argument}") contains a line break or NUL, which a header cannot carry.`,
    );
  }
  return text;
}

/** `.` and `..` segments, also percent-encoded: URL parsers (and so `fetch`) resolve them away. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

function fillPath(operation: HttpOperation, values: Map<string, string>): string {
  const path = substitute(operation, values);
  const template = operation.path.split("/");
  path.split("/").forEach((segment, index) => {
    if (DOT_SEGMENT.test(segment) && segment !== template[index]) {
      // `/pets/{id}` with id `..` would call `/` instead: a model must not reach other endpoints that way.
      const names = [...(template[index] ?? "").matchAll(/\{([^{}]+)\}/g)].map((m) => `"${m[1]}"`);
      throw new ToolError(
        `The path parameter ${names.join(", ")} cannot make the segment "${segment}": URLs resolve it as a directory step. Pass another value.`,
      );
    }
  });
  return path;
}

function substitute(operation: HttpOperation, values: Map<string, string>): string {
  return operation.path.replace(/\{([^{}]+)\}/g, (_template, name: string) => {
    const value = values.get(name);
    if (value !== undefined) return value;
    const parameter = operation.parameters.find((p) => p.in === "path" && p.name === name);
    // An optional path parameter is a contradiction in OpenAPI; an empty segment is the least surprising result.
    if (parameter) return "";
    // A binding that does not match its own path is a generator bug, not something the model can fix.
    throw new McpsmithError(
      "E_BINDING_INVALID",
      `The path ${operation.path} has a variable {${name}} that no path parameter of the operation fills.`,
    );
  });
}
