/** OpenAPI 3.x parameters: refs followed, path-level ones inherited and overridden, styles defaulted and checked. */
import type { ParameterLocation, ParameterStyle } from "@mcpsmith/runtime/http";
import { headerParameterAllowed } from "./common.js";
import type { DanglingReach } from "./dangling-refs.js";
import type { Diagnostics } from "./diagnostics.js";
import type { SourceParameter } from "./model.js";
import { OperationSkipped } from "./operation.js";
import { isObject, type RefResolver } from "./refs.js";

/** `type/subtype`, what a `content` key must be. */
const MEDIA_TYPE = /^[^\s/]+\/[^\s/]+$/;

const LOCATIONS = new Set<string>(["path", "query", "querystring", "header", "cookie"]);

/** Styles each location allows (OpenAPI 3.1 section 4.8.12.4); the first is the default. */
const STYLES: Record<ParameterLocation, ParameterStyle[]> = {
  path: ["simple", "label", "matrix"],
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
  // OpenAPI 3.2's whole query takes no style: its `content` says how it is written.
  querystring: ["form"],
  header: ["simple"],
  cookie: ["form"],
};

interface RawParameter {
  value: Record<string, unknown>;
  pointer: string;
}

/** Path-level parameters first, each replaced by an operation-level one with the same name and location. */
export function mergeParameterLists(
  pathLevel: unknown,
  operationLevel: unknown,
  pathPointer: string,
  operationPointer: string,
  refs: RefResolver,
): RawParameter[] {
  const merged = new Map<string, RawParameter>();
  const add = (list: unknown, pointer: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((entry, index) => {
      const followed = refs.follow(entry, `${pointer}/parameters/${index}`);
      // A dangling ref is reported once by the document-wide ref check.
      if (!followed || !isObject(followed.value)) return;
      const { name, in: location } = followed.value;
      merged.set(`${String(location)}\u0000${String(name)}`, { value: followed.value, pointer: followed.pointer });
    });
  };
  add(pathLevel, pathPointer);
  add(operationLevel, operationPointer);
  return [...merged.values()];
}

export function readOas3Parameter(
  raw: RawParameter,
  diagnostics: Diagnostics,
  reach?: DanglingReach,
): SourceParameter | undefined {
  const { value, pointer } = raw;
  if (typeof value.name === "string" && typeof value.in === "string" && !LOCATIONS.has(value.in)) {
    return unknownLocation(value.name, value.in, value.required === true, pointer, diagnostics);
  }
  if (typeof value.name !== "string" || !LOCATIONS.has(String(value.in))) {
    diagnostics.problem(pointer, "a parameter needs a name and an `in` of path, query, querystring, header or cookie");
    return undefined;
  }
  const location = value.in as ParameterLocation;
  if (location === "header" && !headerParameterAllowed(value.name, pointer, diagnostics)) return undefined;
  if (value.schema !== undefined && value.content !== undefined) {
    diagnostics.problem(pointer, `parameter ${value.name} has both schema and content (they are mutually exclusive)`);
    return undefined;
  }
  let required = value.required === true;
  if (location === "path" && !required) {
    diagnostics.warn(pointer, `path parameter ${value.name} is not marked required: treated as required`);
    required = true;
  }
  const parameter: SourceParameter = {
    name: value.name,
    in: location,
    required,
    deprecated: value.deprecated === true,
    schema: location === "path" ? pathSchema(value, pointer, diagnostics, reach) : (value.schema ?? {}),
    ...readStyle(value, location, pointer, diagnostics),
    pointer,
  };
  if (typeof value.description === "string" && value.description.trim() !== "") {
    parameter.description = value.description.trim();
  }
  if (value.allowReserved === true && location === "query") parameter.allowReserved = true;
  if (isObject(value.content)) {
    const [mediaType, media] = Object.entries(value.content)[0] ?? [];
    if (mediaType === undefined) {
      diagnostics.warn(pointer, `parameter ${value.name} has an empty content map: sent as a string`);
    } else if (!MEDIA_TYPE.test(mediaType) && location !== "querystring") {
      // Revolt's generator keys a header's content by the header's name (`X-Github-Event`): no media type says how
      // to write the value, so it is written as a schema's would be.
      diagnostics.warn(pointer, `content key ${mediaType} is no media type: read as the parameter's schema`);
      parameter.schema = isObject(media) && media.schema !== undefined ? media.schema : {};
    } else {
      parameter.contentType = mediaType;
      parameter.schema = isObject(media) && media.schema !== undefined ? media.schema : {};
    }
  }
  // OpenAPI 3.2 writes the whole query as `content` says, most often a form: without one, a form is what it is.
  if (location === "querystring" && parameter.contentType === undefined) {
    diagnostics.warn(pointer, `querystring parameter ${value.name} names no media type: written as a form`);
    parameter.contentType = "application/x-www-form-urlencoded";
  }
  return parameter;
}

/**
 * A parameter `in` a place no request has (Faraday's `in: version`): no value can be sent for it. Left out with a
 * warning when optional; a required one skips its operation, which could not be called as declared.
 */
export function unknownLocation(
  name: string,
  location: string,
  required: boolean,
  pointer: string,
  diagnostics: Diagnostics,
): undefined {
  const where = `is \`in: ${location}\`, which is no parameter location`;
  if (required) throw new OperationSkipped(`its required parameter ${name} ${where}`);
  diagnostics.warn(pointer, `parameter ${name} ${where}: left out`);
  return undefined;
}

/** A path parameter's schema, or a string where it reaches a `$ref` that points nowhere (dangling-refs.ts). */
function pathSchema(
  value: Record<string, unknown>,
  pointer: string,
  diagnostics: Diagnostics,
  reach: DanglingReach | undefined,
): unknown {
  const missing = reach?.reachedFrom(`${pointer}/schema`);
  if (missing === undefined) return value.schema ?? {};
  diagnostics.warn(
    `${pointer}/schema`,
    `path parameter ${String(value.name)} reaches the $ref at ${missing}, which points nowhere: read as a string`,
  );
  return { type: "string" };
}

function readStyle(
  value: Record<string, unknown>,
  location: ParameterLocation,
  pointer: string,
  diagnostics: Diagnostics,
): { style: ParameterStyle; explode: boolean } {
  const allowed = STYLES[location];
  let style = allowed[0]!;
  if (typeof value.style === "string") {
    if (allowed.includes(value.style as ParameterStyle)) style = value.style as ParameterStyle;
    else diagnostics.warn(pointer, `style ${value.style} is not allowed in ${location}: ${style} used instead`);
  }
  const explode = typeof value.explode === "boolean" ? value.explode : style === "form";
  return { style, explode };
}
