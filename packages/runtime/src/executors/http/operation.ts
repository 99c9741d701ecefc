/**
 * What the HTTP executor needs to know about an API and one of its operations, as plain data.
 *
 * This is the contract between the OpenAPI source (codegen lowers a spec into these objects) and the executor
 * (`@mcpsmith/runtime/http` turns tool arguments into a request and the response into a tool result). Generated
 * projects embed these objects as literals; `mcpsmith serve openapi` builds them in memory. Everything here is
 * JSON-serialisable so both paths hold exactly the same data.
 */

/**
 * Where a parameter goes on the wire. `querystring` (OpenAPI 3.2) is the whole query as one value, written as its
 * `contentType` says: an object's fields as a form (`application/x-www-form-urlencoded`), anything else as its
 * document, percent-encoded.
 */
export type ParameterLocation = "path" | "query" | "querystring" | "header" | "cookie";

/** OpenAPI 3 serialisation styles (Swagger 2.0 `collectionFormat`s are lowered onto these by the source). */
export type ParameterStyle =
  | "simple"
  | "label"
  | "matrix"
  | "form"
  | "spaceDelimited"
  | "pipeDelimited"
  | "deepObject"
  /** Swagger 2.0 `collectionFormat: tsv`; no OpenAPI 3 equivalent. */
  | "tabDelimited";

export interface HttpParameter {
  /** The parameter's name on the wire (path template variable, query key, header or cookie name). */
  name: string;
  /** The property of the tool's arguments that holds its value (differs from `name` after a collision or renaming). */
  argument: string;
  in: ParameterLocation;
  style: ParameterStyle;
  explode: boolean;
  required: boolean;
  /** Query only: leave RFC 3986 reserved characters unencoded. */
  allowReserved?: boolean;
  /** Set when the spec gives the parameter a `content` map instead of a schema: the value is sent serialised as this media type (JSON). */
  contentType?: string;
}

/**
 * A query item the operation's path key fixes (`/{Bucket}?uploads`, `/jobs?op=LIST`): sent with every request,
 * before the parameters. Without `value` it is a bare flag (`?uploads`). Written unencoded; the executor encodes it.
 */
export interface HttpFixedQueryItem {
  name: string;
  value?: string;
}

/**
 * A header the operation's path key fixes (AWS JSON-protocol documents: `/#X-Amz-Target=DynamoDB_20120810.GetItem`
 * for the declared header parameter `X-Amz-Target`): sent with every request, never a tool argument.
 */
export interface HttpFixedHeader {
  name: string;
  value: string;
}

/** How one property of a form or multipart body is sent (OpenAPI `encoding`). */
export interface HttpBodyEncoding {
  contentType?: string;
  style?: ParameterStyle;
  explode?: boolean;
}

export interface HttpBody {
  /** The property of the tool's arguments that holds the body. */
  argument: string;
  /** The media type sent in `Content-Type` (the one the source chose among the spec's, JSON first). */
  mediaType: string;
  required: boolean;
  /** Form and multipart bodies: per-property encoding from the spec. */
  encoding?: Record<string, HttpBodyEncoding>;
  /**
   * Multipart bodies: the properties that are files. Their argument value is a base64 string or a `data:` URI;
   * the executor decodes it and sends a file part (with the `data:` URI's media type when given).
   */
  fileProperties?: string[];
  /** Raw binary bodies (`application/octet-stream`, `image/*`, ...): the argument is base64 or a `data:` URI. */
  binary?: boolean;
}

export interface HttpServerVariable {
  default: string;
  enum?: string[];
}

export interface HttpServer {
  /** May hold `{variables}`; relative URLs are resolved against the spec's own location by the source, or kept relative when it has none. */
  url: string;
  variables?: Record<string, HttpServerVariable>;
}

/**
 * One security scheme with the environment variables its credentials come from. The source names the variables
 * (and lists them in the generated README and `.env.example`); the executor reads them at call time.
 */
export type HttpSecurityScheme =
  | { type: "apiKey"; in: "header" | "query" | "cookie"; name: string; env: string }
  | { type: "http"; scheme: "bearer"; env: string }
  | { type: "http"; scheme: "basic"; usernameEnv: string; passwordEnv: string }
  | {
      type: "oauth2";
      flow: "clientCredentials";
      tokenUrl: string;
      scopes: string[];
      clientIdEnv: string;
      clientSecretEnv: string;
    }
  /** OpenID Connect and OAuth2 flows other than client credentials: a token the user obtained, sent as a bearer. */
  | { type: "bearerToken"; env: string };

/**
 * An operation's security requirement: alternatives (OR) of scheme sets (AND), by scheme name.
 * `[]` means no authentication; a `[]` alternative inside (e.g. `[["apiKey"], []]`) means authentication is optional.
 */
export type HttpSecurityRequirement = string[][];

export interface HttpOperation {
  /** The HTTP method: one OpenAPI names by a path item field is sent upper case, any other as written (methods.ts). */
  method: string;
  /** The path template, e.g. `/pets/{petId}`: the spec's path key without its query part (see `fixedQuery`). */
  path: string;
  /** The query items the path key fixes after a `?` or `#` (`/{Bucket}#analytics&id`), when it has any. */
  fixedQuery?: HttpFixedQueryItem[];
  /** The headers the path key fixes (`/#X-Amz-Target=Service.Operation`), when it has any. */
  fixedHeaders?: HttpFixedHeader[];
  parameters: HttpParameter[];
  body?: HttpBody;
  security: HttpSecurityRequirement;
  /** Operation- or path-level servers, when the spec overrides the API's. */
  servers?: HttpServer[];
  /** The media types the operation says it answers with (for `Accept`), JSON first. */
  accepts?: string[];
}

/** What is shared by every operation of an API. */
export interface HttpApi {
  servers: HttpServer[];
  securitySchemes: Record<string, HttpSecurityScheme>;
  /** The environment variable that overrides the base URL (e.g. `PETSTORE_BASE_URL`). */
  baseUrlEnv?: string;
}
