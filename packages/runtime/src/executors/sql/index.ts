/**
 * `@mcpsmith/runtime/sql`: the executor behind servers generated from databases (and `mcpsmith serve db`). Turns
 * tool arguments into one parameterised statement, runs it under the engine's read-only guard unless the tool
 * writes, and turns the rows into a tool result. The drivers (`pg`, `mysql2`, `better-sqlite3`) are optional peer
 * dependencies, loaded when a database of their kind is first used.
 */

export {
  DEFAULT_LIMIT,
  DEFAULT_MAX_ROWS,
  type SqlSchemaOptions,
  type SqlToolAnnotations,
  type SqlToolSchema,
} from "./arguments.js";
export type { SqlConnection } from "./connection.js";
export { describeTable, findTables } from "./describe.js";
export type { WriteAccess } from "./driver.js";
export {
  createSqlExecutor,
  type SqlCallContext,
  type SqlCallResult,
  type SqlExecutor,
  type SqlExecutorOptions,
} from "./executor.js";
export type {
  SqlAttribute,
  SqlBinding,
  SqlCodec,
  SqlColumn,
  SqlDatabase,
  SqlDialect,
  SqlEmbed,
  SqlForeignKey,
  SqlJsonSchema,
  SqlTable,
  SqlTableName,
} from "./model.js";
export { AND, FILTER_OPERATORS, type FilterOperator, OR, operatorsFor } from "./operators.js";
export { leastPrivilegeScript, type RoleScriptOptions } from "./roles.js";
export { orNull } from "./row-schema.js";
export type { SqliteDriverChoice } from "./sqlite-engine.js";
export { qualifiedName } from "./tables.js";
export { isWriteBinding, sqlToolSchema } from "./tool-kinds.js";
