/**
 * node-sql-parser's grammar lacks some type synonyms MySQL accepts (NVARCHAR, NATIONAL CHAR, DOUBLE PRECISION, REAL,
 * DEC, FIXED, BOOL, CHARACTER, CHARACTER VARYING, INT1 to INT8, MIDDLEINT, FLOAT4, FLOAT8, LONG, LONG VARBINARY). They are reserved words in MySQL, so outside quotes they can only
 * be types: each is rewritten to the name MySQL stores, as MySQL itself does, before the statement is parsed. The old
 * `BINARY` attribute of a character type (`VARCHAR(40) BINARY`, a binary collation) leaves the type as it is, and is
 * dropped the same way, as are `ASCII` and `UNICODE` (character sets latin1 and ucs2: phpVMS's `TEXT ASCII`), and so are character set introducers before string literals (`_utf8' '` in a view's query:
 * the literal is the same text to a reader of types). A name between PRIMARY KEY and its columns, which MySQL accepts
 * and ignores (PacketFence's `PRIMARY KEY nasname (nasname)`), is dropped too. A column typed `SERIAL` (BOINC's
 * `id serial primary key`) gets what MySQL reads it as: `BIGINT UNSIGNED NOT NULL AUTO_INCREMENT UNIQUE`. SERIAL is
 * no reserved word (a column may be named so), so only a column definition's type is rewritten; so are MariaDB's
 * UUID, INET4 and INET6 (below). A column's name written bare is quoted, and the space inside a keyword the grammar
 * reads as one token is made one space (below).
 */
const REWRITES: [RegExp, string][] = [
  [/^NATIONAL\s+(?:CHARACTER|CHAR)\s+VARYING$/i, "VARCHAR"],
  [/^(?:NATIONAL\s+VARCHAR|NVARCHAR|NCHAR\s+VARCHAR|CHARACTER\s+VARYING|CHAR\s+VARYING)$/i, "VARCHAR"],
  [/^(?:NATIONAL\s+(?:CHARACTER|CHAR)|NCHAR|CHARACTER)$/i, "CHAR"],
  [/^(?:DOUBLE\s+PRECISION|REAL)$/i, "DOUBLE"],
  [/^(?:DEC|FIXED)$/i, "DECIMAL"],
  [/^BOOL$/i, "BOOLEAN"],
  // Request Tracker's `int2`: the sized names MySQL keeps for other engines' sake.
  [/^INT1$/i, "TINYINT"],
  [/^INT2$/i, "SMALLINT"],
  [/^(?:INT3|MIDDLEINT)$/i, "MEDIUMINT"],
  [/^INT4$/i, "INT"],
  [/^INT8$/i, "BIGINT"],
  [/^FLOAT4$/i, "FLOAT"],
  [/^FLOAT8$/i, "DOUBLE"],
  [/^LONG\s+VARBINARY$/i, "MEDIUMBLOB"],
  [/^(?:LONG\s+VARCHAR|LONG)$/i, "MEDIUMTEXT"],
];

const WORDS =
  "NATIONAL\\s+(?:CHARACTER|CHAR)(?:\\s+VARYING)?|NATIONAL\\s+VARCHAR|NCHAR\\s+VARCHAR|NVARCHAR|NCHAR|" +
  "CHARACTER\\s+VARYING|CHAR\\s+VARYING|DOUBLE\\s+PRECISION|REAL|DEC|FIXED|BOOL|" +
  "INT[12348]|MIDDLEINT|FLOAT[48]|LONG\\s+VARBINARY|LONG\\s+VARCHAR|LONG|" +
  // CHARACTER alone is CHAR (ejabberd's `subscription character(1)`); CHARACTER SET is no type.
  "CHARACTER(?!\\s+SET\\b)";
const CHARACTER_TYPE_ATTRIBUTE =
  "((?:VAR)?CHAR(?:\\s*\\(\\s*\\d+\\s*\\))?|(?:TINY|MEDIUM|LONG)?TEXT)\\s+(?:BINARY|ASCII|UNICODE)";
const INTRODUCER = "_(?:utf8mb4|utf8mb3|utf8|latin1|binary|ascii|ucs2|utf16|utf32)(?=\\s*')";
/** Quoted text first, so that a word inside quotes is never taken for a type. */
const QUOTED = "'(?:[^'\\\\]|\\\\.|'')*'|\"(?:[^\"\\\\]|\\\\.|\"\")*\"|`(?:[^`]|``)*`";
/** A PRIMARY KEY's name, which MySQL ignores (quoted text first, so that nothing inside quotes is taken). */
const PRIMARY_KEY_NAME = new RegExp(`${QUOTED}|\\b(PRIMARY\\s+KEY)\\s+(?:\\w+|\`(?:[^\`]|\`\`)*\`)\\s*(?=\\()`, "gi");

/**
 * Where a column definition starts: after `(`, `,`, or the words `ADD [COLUMN]` or `MODIFY [COLUMN]` (whole words:
 * Kea's column `address` starts as ADD does), and the comments after them (Kea ends its lines with `# ...`).
 */
const COLUMN_START =
  "(?:[(,]|\\b(?:ADD|MODIFY)(?:\\s+COLUMN)?\\b)\\s*(?:(?:#|--\\s)[^\\n]*\\n\\s*|/\\*[\\s\\S]*?\\*/\\s*)*";
/** A column definition up to its type: its start, then the column's name. */
const COLUMN_BEFORE_TYPE = `${COLUMN_START}(?:\\w+|\`(?:[^\`]|\`\`)*\`)\\s+`;
/** A column definition typed SERIAL (quoted text first, so that nothing inside quotes is taken). */
const SERIAL_COLUMN = new RegExp(`${QUOTED}|(${COLUMN_BEFORE_TYPE})SERIAL\\b`, "gi");
const SERIAL = "BIGINT UNSIGNED NOT NULL AUTO_INCREMENT UNIQUE";

/**
 * MariaDB's own types, which node-sql-parser's grammars do not know: UUID (10.7), INET6 (10.5) and INET4 (10.10), as
 * Mercator's dump types its OAuth client ids. Like SERIAL they are no reserved words (a column may be named `uuid`),
 * so only a column definition's type is rewritten: to a character type the grammar reads, marked by a character set
 * no server has, by which the reader gives the column its type back (`nativeTypeOf`).
 */
const NATIVE_TYPE_COLUMN = new RegExp(`${QUOTED}|(${COLUMN_BEFORE_TYPE})(UUID|INET4|INET6)\\b`, "gi");
const NATIVE_TYPE_MARK = "mcpsmith_native_";

/** The MariaDB type a column rewritten for the grammar had (`uuid`), from the character set the parser read for it. */
export function nativeTypeOf(characterSet: string | undefined): string | undefined {
  return characterSet?.startsWith(NATIVE_TYPE_MARK) ? characterSet.slice(NATIVE_TYPE_MARK.length) : undefined;
}

/**
 * A column's name written bare before its type, which the rewrite quotes: MariaDB, and MySQL before 8.0, take as
 * names words MySQL 8 reserves and node-sql-parser's grammar refuses (VICIdial's `rank`, `lead`, `groups`). Words
 * that open a key or a constraint are no column's (a column so named is quoted in MySQL too).
 */
const BARE_COLUMN = new RegExp(
  `${QUOTED}|(${COLUMN_START})` +
    "(?!(?:KEY|INDEX|UNIQUE|PRIMARY|FOREIGN|CONSTRAINT|CHECK|FULLTEXT|SPATIAL|PERIOD|PARTITION|COLUMN)\\b)" +
    "([A-Za-z_][\\w$]*)(?=\\s+(?:BIT|TINYINT|SMALLINT|MEDIUMINT|INT|INTEGER|BIGINT|DECIMAL|NUMERIC|FLOAT|DOUBLE|" +
    "BOOLEAN|DATE|DATETIME|TIMESTAMP|TIME|YEAR|CHAR|VARCHAR|BINARY|VARBINARY|TINYBLOB|BLOB|MEDIUMBLOB|LONGBLOB|" +
    "TINYTEXT|TEXT|MEDIUMTEXT|LONGTEXT|ENUM|SET|JSON|GEOMETRY|POINT|LINESTRING|POLYGON|MULTIPOINT|" +
    "MULTILINESTRING|MULTIPOLYGON|GEOMETRYCOLLECTION|VECTOR)\\b)",
  "gi",
);

/** An index's name written bare, which the rewrite quotes: the grammar reads Pandora FMS's `INDEX timestamp (...)` as a type. */
const BARE_KEY_NAME = new RegExp(`${QUOTED}|\\b((?:INDEX|KEY)\\s+)([A-Za-z_][\\w$]*)(?=\\s*\\()`, "gi");

/**
 * Keywords the grammar reads only as one token with a single space inside (`"NOT NULL"`, `"FOREIGN KEY"`), where
 * MySQL takes any whitespace: Apache Ranger's schema writes `NOT  NULL`. The space between them is made one.
 */
const KEYWORD_PAIRS = [
  "NOT\\s+NULL",
  "FOREIGN\\s+KEY",
  "UNIQUE\\s+KEY",
  "ON\\s+UPDATE",
  "SET\\s+(?:NULL|DEFAULT)",
  "NO\\s+ACTION",
  "IF\\s+NOT\\s+EXISTS",
  "MATCH\\s+(?:FULL|PARTIAL|SIMPLE)",
  "NOT\\s+(?:IN|BETWEEN)",
  "IS\\s+NOT",
  "(?:LEFT|RIGHT|INNER|CROSS|FULL)\\s+JOIN",
  "(?:GROUP|ORDER|PARTITION)\\s+BY",
  "WITH\\s+PARSER",
].join("|");

/**
 * MariaDB's sequence expressions in the standard's words, `NEXT VALUE FOR seq` (OpenXPKI's keys default to one), are
 * written as the functions MariaDB takes alike, `nextval(seq)` and `lastval(seq)`, which the grammar reads.
 */
const SEQUENCE_VALUE = new RegExp(
  `${QUOTED}|\\b(NEXT|PREVIOUS)\\s+VALUE\\s+FOR\\s+((?:\\w+|\`(?:[^\`]|\`\`)*\`)(?:\\.(?:\\w+|\`(?:[^\`]|\`\`)*\`))?)`,
  "gi",
);

export function rewriteTypeSynonyms(sql: string): string {
  const serial = sql
    .replace(SERIAL_COLUMN, (match, column?: string) => (column ? `${column}${SERIAL}` : match))
    .replace(NATIVE_TYPE_COLUMN, (match, column?: string, type?: string) =>
      column ? `${column}VARCHAR(39) CHARACTER SET ${NATIVE_TYPE_MARK}${type!.toLowerCase()}` : match,
    );
  const synonyms = outsideQuotes(
    serial,
    WORDS,
    (word) => REWRITES.find(([pattern]) => pattern.test(word))?.[1] ?? word,
  );
  const attributes = outsideQuotes(synonyms, CHARACTER_TYPE_ATTRIBUTE, (_match, type) => type as string);
  const keys = attributes.replace(PRIMARY_KEY_NAME, (match, keyword?: string) => (keyword ? `${keyword} ` : match));
  const introduced = outsideQuotes(keys, INTRODUCER, () => "");
  const spaced = outsideQuotes(introduced, KEYWORD_PAIRS, (pair) => pair.split(/\s+/).join(" ")).replace(
    SEQUENCE_VALUE,
    (match, which?: string, sequence?: string) =>
      which === undefined ? match : `${which.toUpperCase() === "NEXT" ? "nextval" : "lastval"}(${sequence})`,
  );
  const quote = (match: string, before?: string, name?: string) =>
    before === undefined ? match : `${before}\`${name}\``;
  return spaced.replace(BARE_COLUMN, quote).replace(BARE_KEY_NAME, quote);
}

function outsideQuotes(sql: string, words: string, replace: (match: string, ...groups: string[]) => string): string {
  const pattern = new RegExp(`${QUOTED}|\\b(?:${words})\\b`, "gi");
  return sql.replace(pattern, (match: string, ...groups: unknown[]) => {
    if (/^['"`]/.test(match)) return match;
    return replace(match, ...(groups.filter((g) => typeof g === "string") as string[]));
  });
}
