/**
 * The intermediate representation every source lowers into and every back end reads: the emitter (an editable
 * project) and the in-memory server (`mcpsmith serve`). Both back ends see only this, so they give the same tools/list.
 */
import type { HttpApi, HttpOperation } from "@mcpsmith/runtime/http";
import type { SqlBinding, SqlDatabase, SqlTableName } from "@mcpsmith/runtime/sql";

/** A JSON Schema (2020-12) whose root is an object, as MCP requires for input and output schemas. */
export interface ObjectSchema {
  type: "object";
  properties?: Record<string, JsonSchema>;
  required?: string[];
  $defs?: Record<string, JsonSchema>;
  [keyword: string]: unknown;
}

export type JsonSchema = boolean | { [keyword: string]: unknown };

export interface ToolAnnotationsIR {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** Where in the input a tool came from, for messages and generated comments. */
export interface Origin {
  file: string;
  /** JSON pointer (OpenAPI), table name (databases) or `line:column` (TypeScript). */
  pointer: string;
}

export interface ToolIR<Binding> {
  /** Safe, unique, deterministic (see `@mcpsmith/codegen` names). */
  name: string;
  title?: string;
  description: string;
  inputSchema: ObjectSchema;
  outputSchema?: ObjectSchema;
  /**
   * The schema of a JSON output whose root is not an object (an array, a scalar, a nullable object): the result
   * goes back as JSON text, since MCP's structured content, and so `outputSchema`, must be an object; an object schema
   * too large to list (sources/openapi/output.ts) too. What a
   * generated mock answers for the tool; never listed.
   */
  textOutputSchema?: JsonSchema;
  annotations: ToolAnnotationsIR;
  /** The group the tool is emitted in and selected by (`--toolsets`): an OpenAPI tag, a schema, a file. */
  group: string;
  deprecated: boolean;
  origin: Origin;
  binding: Binding;
}

/** Something the source skipped or changed, said to the user on every run (never a silent drop). */
export interface SourceWarning {
  file: string;
  pointer: string;
  message: string;
}

/** An environment variable the generated server reads, for the README and `.env.example`. */
export interface CredentialIR {
  env: string;
  description: string;
  /** The security scheme (OpenAPI) or connection (databases) it belongs to. */
  scheme: string;
}

export interface OpenApiIR {
  kind: "openapi";
  title: string;
  version: string;
  description?: string;
  api: HttpApi;
  tools: ToolIR<HttpOperation>[];
  credentials: CredentialIR[];
  warnings: SourceWarning[];
}

/** A table's description (`describe`'s result) as a resource: `db://<schema>/<table>`. */
export interface DatabaseResourceIR {
  uri: string;
  /** The table's qualified name (`schema.table`, or `table` for SQLite). */
  name: string;
  description: string;
  table: SqlTableName;
}

/** Rows a page has by default and at most: what every SQL tool's schema says and the executor enforces. */
export interface DatabaseLimits {
  defaultLimit: number;
  maxRows: number;
}

export interface DatabaseIR {
  kind: "database";
  /** The executor's model of the database: generated projects embed it, `serve db` hands it to the executor. */
  database: SqlDatabase;
  /** The source as given, with any password redacted. */
  source: string;
  /**
   * `tables`: tools per table (`list_`, `get_`, writes) plus `query` and `describe`; `many-tables`: above the
   * threshold, the constant set (`find_tables`, `describe`, `list_rows`, `query`) whatever the number of tables.
   */
  listing: "tables" | "many-tables";
  limits: DatabaseLimits;
  tools: ToolIR<SqlBinding>[];
  resources: DatabaseResourceIR[];
  /** The environment variable holding the connection string: the only place it comes from in a generated server. */
  credentials: CredentialIR[];
  warnings: SourceWarning[];
}
