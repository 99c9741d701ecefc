/**
 * The source model: one shape for Swagger 2.0, OpenAPI 3.0 and 3.1 operations, with every difference of spec
 * version settled (parameters merged, bodies chosen, refs to parameters/responses/bodies followed). Schemas stay
 * raw (in the document's dialect, `$ref`s intact): the schema converter lowers them to JSON Schema 2020-12 per tool.
 */
import type { HttpServer, ParameterLocation, ParameterStyle } from "@mcpsmith/runtime/http";
import type { SourceWarning } from "../../ir/types.js";

/** Schema dialect of the document: decides how `nullable`, `type: file`, `exclusiveMinimum`, ... are read. */
export type SpecDialect = "swagger2" | "oas30" | "oas31";

export type RawSchema = unknown;

export interface SourceParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description?: string;
  deprecated: boolean;
  schema: RawSchema;
  style: ParameterStyle;
  explode: boolean;
  allowReserved?: boolean;
  /** Set when the spec describes the value with `content` (serialised as that media type) instead of a schema. */
  contentType?: string;
  pointer: string;
}

export interface SourceBodyEncoding {
  contentType?: string;
  style?: ParameterStyle;
  explode?: boolean;
}

export interface SourceBody {
  mediaType: string;
  required: boolean;
  description?: string;
  /** Absent when the spec names a media type but no schema. */
  schema?: RawSchema;
  encoding?: Record<string, SourceBodyEncoding>;
  /** Every media type the operation accepts, in the spec's order (the chosen one among them). */
  mediaTypes: string[];
  /** The chosen media type's object (OpenAPI 3), the body parameter or the first formData one (Swagger 2.0). */
  pointer: string;
  /** Where `schema` is written, for what is said of it (a formData body's, made from its fields, is the first's). */
  schemaPointer: string;
}

export interface SourceResponse {
  status: string;
  mediaType: string;
  schema: RawSchema;
  pointer: string;
}

/** `x-mcp` as read from the document, path item and operation (the nearest one set wins, field by field). */
export interface McpExtension {
  exclude?: boolean;
  name?: string;
  description?: string;
}

export interface SourceOperation {
  /** The method lower-cased: `get`, OpenAPI 3.2's `query`, an `additionalOperations` key (`purge`). */
  method: string;
  /** The method as the request sends it: upper case for the path item's fields, an `additionalOperations` key as written. */
  sentAs: string;
  path: string;
  pointer: string;
  operationId?: string;
  summary?: string;
  description?: string;
  tags: string[];
  deprecated: boolean;
  parameters: SourceParameter[];
  body?: SourceBody;
  /** The 2xx JSON response the output schema comes from, when there is one. */
  jsonResponse?: SourceResponse;
  /** Media types of the 2xx responses, in the spec's order. */
  responseMediaTypes: string[];
  /** Requirement alternatives by scheme name; `undefined` inherits the document's. */
  security?: string[][];
  /**
   * The `Authorization` header parameter the operation declares, which OpenAPI says to ignore and the tool never
   * takes: the API's credential where no security requirement covers the operation (document.ts).
   */
  authorizationHeader?: { name: string; required: boolean; pointer: string };
  servers?: HttpServer[];
  mcp: McpExtension;
}

/** A security scheme as the spec declares it, before the executor's binding is chosen. */
export interface SourceSecurityScheme {
  name: string;
  pointer: string;
  type: string;
  in?: string;
  /** apiKey parameter name. */
  paramName?: string;
  /** http scheme (`bearer`, `basic`, ...). */
  scheme?: string;
  /** oauth2: the client-credentials token URL when the scheme has that flow. */
  clientCredentialsTokenUrl?: string;
  description?: string;
  /** Declared without what sending it takes (no type, an apiKey without `name`): said as read, never sent. */
  unreadable?: true;
}

export interface SourceDocument {
  file: string;
  dialect: SpecDialect;
  /** The bundled document (`$ref`s are resolved lazily against it). */
  root: Record<string, unknown>;
  title: string;
  version: string;
  description?: string;
  servers: HttpServer[];
  securitySchemes: SourceSecurityScheme[];
  security: string[][];
  operations: SourceOperation[];
  /** Per scheme, the scopes requirements ask for anywhere in the document (sorted). */
  scopes: Record<string, string[]>;
  warnings: SourceWarning[];
}
