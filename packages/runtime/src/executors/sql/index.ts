/**
 * `@mcpsmith/runtime/sql`: the SQL executor's contract, shared with the database source in codegen. For now only
 * the model's types; the executor itself joins them here.
 */
export type {
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
