import type { CursorSigner } from "./cursor.js";
import type { RunSettings, SqlDriver } from "./driver.js";
import type { SqlDatabase } from "./model.js";

/** The limits a read applies: a page's default and largest size, and the JSON bytes of rows a result holds. */
export interface ReadLimits {
  defaultLimit: number;
  maxRows: number;
  maxBytes: number;
}

/** What a call of any tool kind runs with: the database, its driver (opened on first use), limits and cursors. */
export interface SqlToolCall {
  database: SqlDatabase;
  driver(): Promise<SqlDriver>;
  limits: ReadLimits;
  cursors: CursorSigner;
  settings: RunSettings;
}
