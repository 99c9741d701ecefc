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
const CHARACTER_TYPE_BINARY = "\\b((?:VAR)?CHAR(?:\\s*\\(\\s*\\d+\\s*\\))?|(?:TINY|MEDIUM|LONG)?TEXT)\\s+BINARY\\b";
const TOKENS = new RegExp(
  `'(?:[^'\\\\]|\\\\.|'')*'|"(?:[^"\\\\]|\\\\.|"")*"|\`(?:[^\`]|\`\`)*\`|\\b(${WORDS})\\b|${CHARACTER_TYPE_BINARY}`,
  "gi",
);

export function rewriteTypeSynonyms(sql: string): string {
  return sql.replace(TOKENS, (match, word: string | undefined, characterType: string | undefined) => {
    if (characterType !== undefined) return characterType;
    if (word === undefined) return match;
    return REWRITES.find(([pattern]) => pattern.test(word))?.[1] ?? match;
  });
}
