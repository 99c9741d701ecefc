/**
 * node-sql-parser's grammar lacks some type synonyms MySQL accepts (NVARCHAR, NATIONAL CHAR, DOUBLE PRECISION,
 * REAL, DEC, FIXED, BOOL, CHARACTER VARYING). They are reserved words in MySQL, so outside quotes they can only be
 * types: each is rewritten to the name MySQL stores, as MySQL itself does, before the statement is parsed. The old
 * `BINARY` attribute of a character type (`VARCHAR(40) BINARY`, a binary collation) leaves the type as it is, and
 * is dropped the same way.
 */
const REWRITES: [RegExp, string][] = [
  [/^NATIONAL\s+(?:CHARACTER|CHAR)\s+VARYING$/i, "VARCHAR"],
  [/^(?:NATIONAL\s+VARCHAR|NVARCHAR|NCHAR\s+VARCHAR|CHARACTER\s+VARYING|CHAR\s+VARYING)$/i, "VARCHAR"],
  [/^(?:NATIONAL\s+(?:CHARACTER|CHAR)|NCHAR)$/i, "CHAR"],
  [/^(?:DOUBLE\s+PRECISION|REAL)$/i, "DOUBLE"],
  [/^(?:DEC|FIXED)$/i, "DECIMAL"],
  [/^BOOL$/i, "BOOLEAN"],
];

const WORDS =
  "NATIONAL\\s+(?:CHARACTER|CHAR)(?:\\s+VARYING)?|NATIONAL\\s+VARCHAR|NCHAR\\s+VARCHAR|NVARCHAR|NCHAR|" +
  "CHARACTER\\s+VARYING|CHAR\\s+VARYING|DOUBLE\\s+PRECISION|REAL|DEC|FIXED|BOOL";
const CHARACTER_TYPE_BINARY = "((?:VAR)?CHAR(?:\\s*\\(\\s*\\d+\\s*\\))?|(?:TINY|MEDIUM|LONG)?TEXT)\\s+BINARY";
/** Quoted text first, so that a word inside quotes is never taken for a type. */
const QUOTED = "'(?:[^'\\\\]|\\\\.|'')*'|\"(?:[^\"\\\\]|\\\\.|\"\")*\"|`(?:[^`]|``)*`";

export function rewriteTypeSynonyms(sql: string): string {
  const synonyms = outsideQuotes(sql, WORDS, (word) => REWRITES.find(([pattern]) => pattern.test(word))?.[1] ?? word);
  return outsideQuotes(synonyms, CHARACTER_TYPE_BINARY, (_match, type) => type as string);
}

function outsideQuotes(sql: string, words: string, replace: (match: string, ...groups: string[]) => string): string {
  const pattern = new RegExp(`${QUOTED}|\\b(?:${words})\\b`, "gi");
  return sql.replace(pattern, (match: string, ...groups: unknown[]) => {
    if (/^['"`]/.test(match)) return match;
    return replace(match, ...(groups.filter((g) => typeof g === "string") as string[]));
  });
}
