/** What a database source produces: the executor's model of the database, and what was skipped and why. */
import type { SqlDatabase } from "@mcpsmith/runtime/sql";
import type { SourceWarning } from "../../ir/types.js";

export interface DatabaseReading {
  kind: "database";
  database: SqlDatabase;
  /** The source as given, with any password redacted: for messages and `mcpsmith.json`. */
  source: string;
  warnings: SourceWarning[];
}

/** Collects warnings about one source (`file` is its redacted label, `pointer` a table or `line N`). */
export class Warnings {
  readonly list: SourceWarning[] = [];
  constructor(readonly file: string) {}
  readonly warn = (pointer: string, message: string): void => {
    this.list.push({ file: this.file, pointer, message });
  };
}
