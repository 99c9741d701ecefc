import type { ServerDefinition } from "@mcpsmith/runtime";
import type { DatabaseIR } from "../ir/types.js";

/** The server a database becomes: `serverInfo` named after the database, by serve and generate alike. */
export function databaseServerDefinition(ir: DatabaseIR): ServerDefinition {
  const { name, dialect } = ir.database;
  return {
    name: `${
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "") || "database"
    }-db`,
    version: "0.1.0",
    title: `${name} (${dialect})`,
  };
}
