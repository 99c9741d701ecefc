// Rows for the corpus schemas that ship without data (Pagila, Sakila, AdventureWorks without its CSV files), so every
// tool the database tests call has rows to return. Made from the schema as read, for any schema: row i of every table
// holds values derived from i alone, so a foreign key's value is the key of row i of the table it points to and
// embeds find their rows. Foreign keys are not enforced while seeding (tables point at each other in cycles);
// CHECK constraints are, and a row a check refuses is retried with the literals the check itself names (`'M'`,
// `6.50`) or NULL, which is how a schema says what it accepts.
import type { SqlColumn, SqlDatabase, SqlTable } from "../../packages/runtime/src/executors/sql/model.js";
import type { Direct } from "./database-direct.js";

/** A value written through a function of the engine (MySQL geometry has no plain literal): its placeholder. */
interface Sample {
  value: unknown;
  placeholder?: string;
}

/**
 * Text forms for PostgreSQL and MySQL types the schema reads as text but whose text is not free: the engine
 * refuses `1` for them. Keyed by the type's name as `nativeType` writes it, without a length or schema.
 */
const TEXT_FORMS: Record<string, (i: number) => Sample> = {
  inet: (i) => ({ value: `10.0.0.${i}` }),
  cidr: (i) => ({ value: `10.${i}.0.0/16` }),
  macaddr: (i) => ({ value: `08:00:2b:01:02:${(i % 256).toString(16).padStart(2, "0")}` }),
  interval: (i) => ({ value: `${i} days 02:00:00` }),
  money: (i) => ({ value: `${i}.25` }),
  xml: (i) => ({ value: `<note id="${i}">seeded</note>` }),
  tsvector: (i) => ({ value: `seeded row${i}` }),
  point: (i) => ({ value: `(${i},${i + 1})` }),
  hstore: (i) => ({ value: `"seeded"=>"${i}"` }),
  ltree: (i) => ({ value: `top.row${i}` }),
  int4range: (i) => ({ value: `[${i},${i + 10})` }),
  int8range: (i) => ({ value: `[${i},${i + 10})` }),
  numrange: (i) => ({ value: `[${i}.5,${i + 10})` }),
  daterange: (i) => ({ value: `[${day(i)},${day(i + 30)})` }),
  tsrange: (i) => ({ value: `[${day(i)} 10:00,${day(i + 30)} 10:00)` }),
  tstzrange: (i) => ({ value: `[${day(i)} 10:00+00,${day(i + 30)} 10:00+00)` }),
  geometry: (i) => ({ value: `POINT(${i} ${i + 1})`, placeholder: "ST_GeomFromText(?)" }),
  point_mysql: (i) => ({ value: `POINT(${i} ${i + 1})`, placeholder: "ST_GeomFromText(?)" }),
};

/** Row i's date: 2022-01-01 plus i - 1 days (Pagila's payment partitions start in January 2022). */
function day(i: number): string {
  return new Date(Date.UTC(2022, 0, i)).toISOString().slice(0, 10);
}

function clock(i: number): string {
  return `10:${String(Math.floor(i / 60) % 60).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}`;
}

function typeName(column: SqlColumn): string {
  return column.nativeType.toLowerCase().replace(/\(.*$/, "").replace(/^.*\./, "").replace(/"/g, "").trim();
}

/** Row i's value for a column, from its codec (and its native type where the codec is text). */
export function sampleValue(column: SqlColumn, i: number, dialect: SqlDatabase["dialect"]): Sample {
  const codec = column.codec;
  const schema = (typeof column.schema === "object" ? column.schema : {}) as { minimum?: number };
  // A text or integer column's CHECK list (its schema's enum): one of the values the database takes.
  const listed = (schema as { enum?: unknown[] }).enum?.filter((value) => value !== null);
  if ((codec.kind === "text" || codec.kind === "integer") && listed !== undefined && listed.length > 0) {
    return { value: listed[(i - 1) % listed.length] };
  }
  switch (codec.kind) {
    case "integer":
      return { value: schema.minimum !== undefined && schema.minimum > i ? schema.minimum + i : i };
    case "bigint":
    case "decimal":
      return { value: String(i) };
    case "float":
      return { value: i + 0.5 };
    case "boolean":
      return { value: dialect === "postgres" ? i % 2 === 1 : i % 2 };
    case "date":
      return { value: day(i) };
    case "datetime":
      return { value: `${day(i)} ${clock(i)}${codec.zoned && dialect === "postgres" ? "+00" : ""}` };
    case "time":
      return { value: clock(i) };
    case "uuid":
      return { value: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}` };
    case "json":
      return { value: JSON.stringify({ seeded: i, tags: ["a", "b"] }) };
    case "bytes": {
      // BINARY(1) holds one byte (phpIPAM's `processed`).
      const width = /\((\d+)\)/.exec(column.nativeType)?.[1];
      return { value: Buffer.from([i, 0xca, 0xfe]).subarray(0, width === undefined ? 3 : Number(width)) };
    }
    case "enum":
    case "set":
      return { value: codec.values[(i - 1) % codec.values.length] };
    case "array": {
      // An element's native type is the array's without its brackets (Danbooru's `inet[]`).
      const nativeType = column.nativeType.replace(/(\[\d*\])+$/, "");
      const element = sampleValue({ ...column, codec: codec.element, nativeType }, i, dialect);
      return { value: [element.value] };
    }
    default: {
      const name = typeName(column);
      const form = TEXT_FORMS[dialect === "mysql" && name === "point" ? "point_mysql" : name];
      return form ? form(i) : { value: String(i) };
    }
  }
}

/** Seeds `rows` rows into every table of `database` that holds none; the tables seeded, with their counts. */
export async function seedEmptyTables(direct: Direct, database: SqlDatabase, rows = 3): Promise<Map<string, number>> {
  const seeded = new Map<string, number>();
  const offsets = await inheritanceOffsets(direct);
  await relaxForeignKeys(direct, true);
  try {
    for (const table of database.tables.filter((t) => t.kind === "table")) {
      const name = direct.name(table.name, table.schema);
      const [{ n }] = (await direct.rows(`SELECT COUNT(*) AS n FROM ${name}`)) as [{ n: unknown }];
      if (Number(n) > 0) continue;
      const offset = offsets.get(name) ?? 0;
      for (let i = 1; i <= rows; i++) await insertRow(direct, database, table, offset + i);
      const [{ m }] = (await direct.rows(`SELECT COUNT(*) AS m FROM ${name}`)) as [{ m: unknown }];
      seeded.set(name, Number(m));
    }
  } finally {
    await relaxForeignKeys(direct, false);
  }
  // Materialized views were filled when the script made them, from no rows.
  if (direct.dialect === "postgres") {
    for (const view of await direct.rows("SELECT schemaname AS schema, matviewname AS name FROM pg_matviews")) {
      await direct.run(`REFRESH MATERIALIZED VIEW ${direct.name(String(view.name), String(view.schema))}`);
    }
  }
  return seeded;
}

/**
 * PostgreSQL tables that inherit from another (Sakila's payment_p2007_*): their rows are the parent's rows too, and
 * the parent's key is unique over them when real data is loaded (one sequence feeds them all), so each child's
 * seeded rows take values of their own, from 100 × its place on.
 */
async function inheritanceOffsets(direct: Direct): Promise<Map<string, number>> {
  if (direct.dialect !== "postgres") return new Map();
  const children = await direct.rows(
    "SELECT n.nspname AS schema, c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid " +
      "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'r' ORDER BY 1, 2",
  );
  return new Map(children.map((child, k) => [direct.name(String(child.name), String(child.schema)), 100 * (k + 1)]));
}

async function relaxForeignKeys(direct: Direct, relax: boolean): Promise<void> {
  if (direct.dialect === "postgres")
    await direct.run(`SET session_replication_role = ${relax ? "replica" : "DEFAULT"}`);
  else if (direct.dialect === "mysql") await direct.run(`SET FOREIGN_KEY_CHECKS = ${relax ? 0 : 1}`);
  // better-sqlite3 turns them on for every connection it opens.
  else await direct.run(`PRAGMA foreign_keys = ${relax ? "OFF" : "ON"}`);
}

const DUPLICATE = new Set(["23505", "ER_DUP_ENTRY"]);
const CHECK_FAILED = new Set(["23514", "ER_CONSTRAINT_FAILED", "ER_CHECK_CONSTRAINT_VIOLATED"]);
/** A literal of a check tried in a column of another type (`'18 years'` for a date): the next one is tried. */
const INVALID_VALUE = new Set(["22P02", "22007", "22008", "22003", "22001", "ER_TRUNCATED_WRONG_VALUE"]);

async function insertRow(direct: Direct, database: SqlDatabase, table: SqlTable, i: number): Promise<void> {
  const columns = table.columns.filter((column) => !column.readOnly);
  const values = new Map(columns.map((column) => [column, sampleValue(column, i, database.dialect)]));
  const tried = new Set<string>();
  let check: Check | undefined;
  for (let attempt = 0; attempt < 64; attempt++) {
    const statement =
      `INSERT INTO ${direct.name(table.name, table.schema)} (${columns.map((c) => direct.name(c.name)).join(", ")}) ` +
      `VALUES (${columns.map((c) => values.get(c)?.placeholder ?? "?").join(", ")})`;
    try {
      await direct.run(
        statement,
        columns.map((c) => values.get(c)?.value),
      );
      return;
    } catch (error) {
      const { code, constraint, message } = error as { code?: string; constraint?: string; message: string };
      // A trigger of an earlier row (Sakila's film -> film_text) wrote this row already.
      if (code !== undefined && DUPLICATE.has(code)) return;
      const retry = check !== undefined && code !== undefined && INVALID_VALUE.has(code);
      if (code === undefined || !(CHECK_FAILED.has(code) || retry)) {
        throw new Error(`seeding ${table.name} row ${i}: ${message}`);
      }
      if (!retry) check = await checkOf(direct, table, constraint ?? /CONSTRAINT [`"]?(\w+)/i.exec(message)?.[1]);
      const next = check && nextCandidate(check, columns, values, i, database.dialect, tried);
      if (!next) throw new Error(`seeding ${table.name} row ${i}: ${message} (no value the check names fits)`);
    }
  }
  throw new Error(`seeding ${table.name} row ${i}: no values found that its checks accept`);
}

interface Check {
  definition: string;
  /** The columns it constrains: named in it, or of the domain it belongs to. */
  columns: string[];
}

async function checkOf(direct: Direct, table: SqlTable, name: string | undefined): Promise<Check | undefined> {
  if (name === undefined) return undefined;
  if (direct.dialect === "postgres") {
    const [found] = await direct.rows(
      "SELECT pg_get_constraintdef(c.oid) AS definition, t.typname AS domain FROM pg_constraint c " +
        "LEFT JOIN pg_type t ON t.oid = c.contypid WHERE c.conname = ? AND (c.contypid <> 0 OR c.conrelid = ?::regclass)",
      [name, direct.name(table.name, table.schema)],
    );
    if (!found) return undefined;
    const definition = String(found.definition);
    const domain = found.domain === null ? undefined : String(found.domain);
    const columns = domain
      ? table.columns.filter((c) => typeName(c) === domain.toLowerCase()).map((c) => c.name)
      : namedIn(definition, table);
    return { definition, columns };
  }
  if (direct.dialect === "mysql") {
    const [found] = await direct.rows(
      "SELECT CHECK_CLAUSE AS definition FROM information_schema.CHECK_CONSTRAINTS " +
        "WHERE CONSTRAINT_SCHEMA = DATABASE() AND CONSTRAINT_NAME = ?",
      [name],
    );
    if (!found) return undefined;
    return { definition: String(found.definition), columns: namedIn(String(found.definition), table) };
  }
  return undefined;
}

function namedIn(definition: string, table: SqlTable): string[] {
  const words = new Set(definition.toLowerCase().match(/\w+/g) ?? []);
  return table.columns.filter((c) => words.has(c.name.toLowerCase())).map((c) => c.name);
}

/**
 * The next combination of values for the check's columns, from each column's own sample, the check's literals and
 * NULL where allowed; false when every combination was tried.
 */
function nextCandidate(
  check: Check,
  columns: SqlColumn[],
  values: Map<SqlColumn, Sample>,
  i: number,
  dialect: SqlDatabase["dialect"],
  tried: Set<string>,
): boolean {
  const literals = [
    ...[...check.definition.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replaceAll("''", "'")),
    ...[...check.definition.replace(/'(?:[^']|'')*'/g, "").matchAll(/(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])/g)].map(
      (m) => m[0],
    ),
  ];
  const constrained = columns.filter((c) => check.columns.includes(c.name));
  if (constrained.length === 0) return false;
  const options = constrained.map((column) => [
    sampleValue(column, i, dialect),
    ...literals.map((value) => ({ value })),
    ...(column.nullable ? [{ value: null }] : []),
  ]);
  const total = options.reduce((n, list) => n * list.length, 1);
  for (let index = 0; index < Math.min(total, 4096); index++) {
    let rest = index;
    const choice = options.map((list) => {
      const pick = list[rest % list.length]!;
      rest = Math.floor(rest / list.length);
      return pick;
    });
    const key = `${check.definition}|${JSON.stringify(choice.map((c) => c.value))}`;
    if (tried.has(key) || index === 0) {
      tried.add(key);
      continue;
    }
    tried.add(key);
    for (const [n, column] of constrained.entries()) values.set(column, choice[n]!);
    return true;
  }
  return false;
}
