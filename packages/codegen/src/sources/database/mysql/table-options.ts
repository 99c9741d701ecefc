import { matchingParenthesis } from "./sql-text.js";

/**
 * Table options that say how a table is stored, not what it holds, which node-sql-parser's grammar does not know:
 * CMaNGOS's dump ends its tables with `PACK_KEYS=0`; MariaDB's `PAGE_CHECKSUM`, `TRANSACTIONAL` and `ENCRYPTED`,
 * InnoDB's `STATS_PERSISTENT`, `TABLESPACE` and `ENCRYPTION`, MERGE's `UNION=(...)`. They are dropped from the options
 * after a CREATE TABLE's column list, and only there, where no expression can hold their words.
 */
const STORAGE_OPTION = new RegExp(
  "\\b(?:(?:PACK_KEYS|STATS_PERSISTENT|STATS_AUTO_RECALC|PAGE_CHECKSUM|PAGE_COMPRESSED|PAGE_COMPRESSION_LEVEL|" +
    "TRANSACTIONAL|INSERT_METHOD|ENCRYPTED|ENCRYPTION_KEY_ID|ENCRYPTION|IETF_QUOTES|AUTOEXTEND_SIZE|" +
    "SECONDARY_ENGINE)\\s*=?\\s*(?:'(?:[^'\\\\]|\\\\.|'')*'|\\w+)|TABLESPACE\\s+`?\\w+`?|STORAGE\\s+(?:DISK|MEMORY|DEFAULT)|" +
    "UNION\\s*=\\s*\\([^)]*\\))",
  "gi",
);
const CREATE_TABLE = /^\s*CREATE\s+(?:TEMPORARY\s+)?TABLE\b/i;

export function withoutStorageOptions(sql: string): string {
  if (!CREATE_TABLE.test(sql)) return sql;
  const open = sql.indexOf("(");
  const close = open < 0 ? -1 : matchingParenthesis(sql, open);
  if (close < 0) return sql;
  const options = sql.slice(close + 1);
  const kept = options.replace(STORAGE_OPTION, " ");
  return kept === options ? sql : sql.slice(0, close + 1) + kept;
}
