/**
 * The features each dialect's reader must see, on small DDL written for these tests: read from the file (PGlite,
 * in-memory SQLite, the MySQL parser) and, where the service runs, from the real server holding the same DDL.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { SqlTable } from "@mcpsmith/runtime/sql";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { dropMysql, dropPostgres, loadMysql, loadPostgres, mysqlUp, postgresUp } from "./services.test-support.js";
import { splitScript } from "./shared/statements.js";
import { loadDatabase } from "./source.js";

const dir = mkdtempSync(join(tmpdir(), "dbsource-features-"));
const postgres = await postgresUp();
const mysql = await mysqlUp();
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(dir, { recursive: true, force: true });
});

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function table(tables: SqlTable[], name: string): SqlTable {
  const found = tables.find((t) => t.name === name);
  if (!found) throw new Error(`no table ${name} in ${tables.map((t) => t.name).join(", ")}`);
  return found;
}

function columnOf(t: SqlTable, name: string) {
  const found = t.columns.find((c) => c.name === name);
  if (!found) throw new Error(`no column ${name} in ${t.name}`);
  return found;
}

const POSTGRES_DDL = `
\\connect somewhere
SET statement_timeout = 0;
CREATE SCHEMA public;
CREATE PROCEDURAL LANGUAGE plpgsql;
CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE DOMAIN short_name AS varchar(20) NOT NULL;
CREATE TYPE pair AS (a int, b text);
CREATE TYPE priced AS (amount money, note pair);
CREATE TABLE person (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name short_name,
  email text NOT NULL UNIQUE,
  nick text UNIQUE,
  feeling mood DEFAULT 'ok',
  tags text[],
  born date, seen timestamptz, woke time, created timestamp,
  balance numeric(12,2), score double precision, small smallint,
  uid uuid, doc jsonb, photo bytea, active boolean,
  stay daterange, spot pair, wait interval, price money, prices money[], page xml, spots pair[], spans int8multirange,
  cost priced, costs priced[],
  name_length int GENERATED ALWAYS AS (length(name)) STORED
);
COMMENT ON TABLE person IS 'People we know';
COMMENT ON COLUMN person.email IS 'Where to write';
CREATE TABLE visit (person_id bigint REFERENCES person (id), at timestamptz NOT NULL, PRIMARY KEY (person_id, at));
CREATE TABLE log (at date NOT NULL, line text) PARTITION BY RANGE (at);
CREATE TABLE log_2024 PARTITION OF log FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE task (
  id int PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('todo', 'done')),
  kind varchar(8) CHECK (kind IN ('bug', 'chore')),
  grade text CONSTRAINT grade_1 CHECK (grade IN ('a', 'b', 'c')) CONSTRAINT grade_2 CHECK (grade IN ('b', 'c', 'd')),
  code text CHECK (upper(code) IN ('A')),
  later text,
  priority smallint CHECK (priority IN (1, 2, 3)),
  huge smallint CHECK (huge IN (1, 70000))
);
ALTER TABLE task ADD CONSTRAINT later_values CHECK (later IN ('x')) NOT VALID;
CREATE EXTENSION IF NOT EXISTS hstore;
CREATE EXTENSION IF NOT EXISTS ltree;
CREATE TABLE place (id int PRIMARY KEY, attrs hstore, path ltree);
CREATE VIEW happy AS SELECT id, name FROM person WHERE feeling = 'happy';
CREATE MATERIALIZED VIEW counts AS SELECT count(*) AS n FROM person;
GRANT SELECT ON person TO nobody_here;
ALTER TABLE person OWNER TO nobody_here;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO nobody_here;
INSERT INTO person (name, email) VALUES ('a', 'a@example.com');
-- As pg_dump leaves the session (Graphile's dump): nothing on the search path.
SELECT pg_catalog.set_config('search_path', '', false);
`;

describe("PostgreSQL features", () => {
  const path = file("features-postgres.sql", POSTGRES_DDL);
  it("reads enums, domains, arrays, ranges, composites, identities, generated columns, keys, comments, views and partitions", {
    timeout: 120_000,
  }, async () => {
    const reading = await loadDatabase(path, { dialect: "postgres" });
    const person = table(reading.database.tables, "person");
    expect(person.comment).toBe("People we know");
    expect(person.primaryKey).toEqual(["id"]);
    expect(person.uniqueKeys).toEqual([["email"]]);
    expect(columnOf(person, "id")).toMatchObject({
      codec: { kind: "bigint" },
      readOnly: true,
      hasDefault: true,
      nullable: false,
    });
    // Types written as a new connection writes them, whatever search path the script left.
    expect(columnOf(person, "name")).toMatchObject({
      nativeType: "short_name",
      nullable: false,
      schema: { maxLength: 20 },
    });
    expect(columnOf(person, "email")).toMatchObject({
      comment: "Where to write",
      schema: { description: "Where to write" },
    });
    expect(columnOf(person, "feeling").codec).toEqual({ kind: "enum", values: ["sad", "ok", "happy"] });
    // A text column's CHECK listing its values: an enum of them, all its checks' together; a check on a function of
    // the column, or one NOT VALID (rows may break it), says nothing.
    const task = table(reading.database.tables, "task");
    expect(columnOf(task, "state").schema).toEqual({ type: "string", enum: ["todo", "done"] });
    expect(columnOf(task, "kind").schema).toEqual({ type: "string", maxLength: 8, enum: ["bug", "chore"] });
    expect(columnOf(task, "grade").schema).toEqual({ type: "string", enum: ["b", "c"] });
    expect(columnOf(task, "code").schema).toEqual({ type: "string" });
    expect(columnOf(task, "later").schema).toEqual({ type: "string" });
    // Whole numbers list an integer column's values, when its type holds them all.
    expect(columnOf(task, "priority").schema).toMatchObject({ type: "integer", enum: [1, 2, 3] });
    expect(columnOf(task, "huge").schema).not.toHaveProperty("enum");
    expect(columnOf(person, "tags").codec).toEqual({ kind: "array", element: { kind: "text" } });
    // PostgreSQL's dates and timestamps also hold infinity and -infinity.
    const infinite = { type: "string", enum: ["infinity", "-infinity"] };
    expect(columnOf(person, "seen").schema).toEqual({ anyOf: [{ type: "string", format: "date-time" }, infinite] });
    expect(columnOf(person, "created").codec).toEqual({ kind: "datetime", zoned: false });
    expect(columnOf(person, "balance").codec).toEqual({ kind: "decimal" });
    expect(columnOf(person, "small").schema).toEqual({ type: "integer", minimum: -32768, maximum: 32767 });
    expect(columnOf(person, "uid").schema).toEqual({ type: "string", format: "uuid" });
    expect(columnOf(person, "doc").codec).toEqual({ kind: "json" });
    expect(columnOf(person, "photo").schema).toEqual({ type: "string", contentEncoding: "base64" });
    expect(columnOf(person, "stay").codec).toEqual({ kind: "range", element: { kind: "date" }, subtype: "date" });
    expect(columnOf(person, "stay").schema).toMatchObject({
      type: "object",
      properties: { lower: { anyOf: [{ anyOf: [{ type: "string", format: "date" }, infinite] }, { type: "null" }] } },
    });
    const pair = {
      kind: "composite",
      type: '"public"."pair"',
      attributes: [
        { name: "a", codec: { kind: "integer" } },
        { name: "b", codec: { kind: "text" } },
      ],
    };
    expect(columnOf(person, "spot").codec).toEqual(pair);
    expect(columnOf(person, "spot").schema).toMatchObject({
      type: "object",
      // Any attribute of a row may be null.
      properties: { a: { type: ["integer", "null"] }, b: { type: ["string", "null"] } },
      additionalProperties: false,
    });
    expect(columnOf(person, "spots").codec).toEqual({ kind: "array", element: pair });
    expect(columnOf(person, "spans").codec).toEqual({
      kind: "multirange",
      element: { kind: "bigint" },
      subtype: "bigint",
    });
    expect(columnOf(person, "wait").codec).toEqual({ kind: "interval" });
    expect(columnOf(person, "price").codec).toEqual({ kind: "money" });
    expect(columnOf(person, "prices").codec).toEqual({ kind: "array", element: { kind: "money" } });
    // Money in a row column is read as a money column is; deeper (a row in an array of rows), as the server writes it.
    const priced = (amount: string) => ({
      kind: "composite",
      type: '"public"."priced"',
      attributes: [
        { name: "amount", codec: { kind: amount } },
        { name: "note", codec: pair },
      ],
    });
    expect(columnOf(person, "cost").codec).toEqual(priced("money"));
    expect(columnOf(person, "costs").codec).toEqual({ kind: "array", element: priced("text") });
    expect(columnOf(person, "page").schema).toMatchObject({ type: "string", contentMediaType: "application/xml" });
    expect(columnOf(person, "name_length")).toMatchObject({ readOnly: true, hasDefault: true });
    const visit = table(reading.database.tables, "visit");
    expect(visit.primaryKey).toEqual(["person_id", "at"]);
    expect(visit.foreignKeys).toEqual([
      {
        name: "visit_person_id_fkey",
        columns: ["person_id"],
        references: { schema: "public", name: "person" },
        referencedColumns: ["id"],
      },
    ]);
    expect(table(reading.database.tables, "happy").kind).toBe("view");
    expect(table(reading.database.tables, "counts").kind).toBe("view");
    expect(reading.database.tables.map((t) => t.name)).not.toContain("log_2024");
    // Extension types a Rails schema uses (Feedbin's hstore settings): their text form, described.
    const place = table(reading.database.tables, "place");
    expect(columnOf(place, "attrs").schema).toEqual({
      type: "string",
      description: expect.stringMatching(/^key\/value pairs in hstore's text form/),
    });
    expect(columnOf(place, "path").schema).toEqual({
      type: "string",
      description: expect.stringMatching(/^a label path/),
    });
    const messages = reading.warnings.map((w) => `${w.pointer} ${w.message}`);
    expect(messages.filter((m) => m.includes("has no mapping"))).toEqual([]);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^line 2 psql meta-command \\connect skipped/),
        // PostgREST's test schema starts so: a file written for a database whose public schema was dropped.
        "line 4 CREATE SCHEMA public skipped: every new database has the schema public",
        // i-Educar's old dump creates the language every database has had since PostgreSQL 9.0.
        expect.stringMatching(/^line 5 CREATE PROCEDURAL LANGUAGE failed and was skipped: .*plpgsql.* already exists/),
        // Skipped for one reason, one warning (Graphile Starter's dump grants to missing roles in 60 statements).
        expect.stringMatching(
          /^line \d+ 3 statements \(GRANT, ALTER, ALTER DEFAULT PRIVILEGES\) failed and were skipped: role "nobody_here" does not exist$/,
        ),
        expect.stringMatching(/partitions skipped .*public\.log_2024/),
        expect.stringMatching(/1 data statements/),
      ]),
    );
    if (postgres) {
      drops.push(() => dropPostgres("dbsource_features"));
      const url = await loadPostgres("dbsource_features", splitScript(POSTGRES_DDL, "postgres"), path);
      expect((await loadDatabase(url)).database.tables).toEqual(reading.database.tables);
    }
  });

  it("names the file and line of a statement the engine refuses", { timeout: 120_000 }, async () => {
    const bad = file("bad.sql", "CREATE TABLE a (id int);\n\nCREATE TABLE b (id no_such_type);\n");
    await expect(loadDatabase(bad, { dialect: "postgres" })).rejects.toMatchObject({
      code: "E_DDL_INVALID",
      message: expect.stringMatching(/bad\.sql:3: CREATE TABLE b: type "no_such_type" does not exist$/),
    });
    // NAV's baseline: an extension's type, the extension left to a script run before the file.
    const hstore = file("hstore.sql", "CREATE TABLE org (id int, data hstore NOT NULL DEFAULT hstore(''));\n");
    await expect(loadDatabase(hstore, { dialect: "postgres" })).rejects.toMatchObject({
      code: "E_DDL_INVALID",
      message: expect.stringMatching(
        /hstore\.sql:1: CREATE TABLE org: type "hstore" does not exist: the type comes from the extension hstore, which the file does not create \(add CREATE EXTENSION hstore; before its first use\)$/,
      ),
    });
    // OpenStreetMap's structure.sql: PostGIS, which PGlite does not ship, gives a column its type.
    const gis = file(
      "gis.sql",
      "CREATE EXTENSION IF NOT EXISTS postgis;\nCREATE TABLE zone (area public.geometry(Polygon,4326));\n",
    );
    await expect(loadDatabase(gis, { dialect: "postgres" })).rejects.toMatchObject({
      code: "E_DDL_INVALID",
      message: expect.stringMatching(
        /gis\.sql:2: CREATE TABLE zone: type "public\.geometry" does not exist: it may come from the extension postgis, which could not be created here \(read the schema from a live database that has it\)$/,
      ),
    });
    // Supabase's schema: a view of a table its vault extension makes.
    const vault = file(
      "vault.sql",
      "CREATE EXTENSION supabase_vault;\nCREATE VIEW secrets AS SELECT * FROM vault.secrets;\n",
    );
    await expect(loadDatabase(vault, { dialect: "postgres" })).rejects.toMatchObject({
      message: expect.stringMatching(
        /vault\.sql:2: CREATE VIEW secrets: relation "vault\.secrets" does not exist: it may come from the extension supabase_vault,/,
      ),
    });
  });

  it("reads on past an index it cannot make and a function body naming what is gone", {
    timeout: 120_000,
  }, async () => {
    const ddl = file(
      "indexes.sql",
      [
        "CREATE TABLE tenant (id int PRIMARY KEY, name text NOT NULL, fmin bigint, fmax bigint);",
        // ChirpStack's trigram index: pg_trgm, which the file does not create, gives the operator class.
        "CREATE INDEX idx_tenant_name_trgm ON tenant USING gin (name gin_trgm_ops);",
        "CREATE UNIQUE INDEX tenant_name ON tenant (lower(name) no_such_ops);",
        // Chado's range query: `box @ box`, which PostgreSQL 14 dropped, in a body checked only when it runs.
        "CREATE FUNCTION boxrange(bigint, bigint) RETURNS box AS 'SELECT box(point(0, $1), point($2, 500000000))' LANGUAGE sql IMMUTABLE;",
        "CREATE FUNCTION slice(bigint, bigint) RETURNS SETOF tenant AS 'SELECT * FROM tenant WHERE boxrange($1, $2) @ boxrange(fmin, fmax)' LANGUAGE sql;",
        "CREATE TABLE member (tenant_id int REFERENCES tenant, login text);",
      ].join("\n"),
    );
    const reading = await loadDatabase(ddl, { dialect: "postgres" });
    expect(reading.database.tables.map((t) => t.name)).toEqual(["member", "tenant"]);
    expect(reading.warnings.map((w) => `${w.pointer} ${w.message}`)).toEqual([
      'line 2 CREATE INDEX idx_tenant_name_trgm failed and was skipped: operator class "gin_trgm_ops" does not exist for access method "gin"',
      'line 3 CREATE UNIQUE INDEX failed and was skipped (its columns are not read as a unique key): operator class "no_such_ops" does not exist for access method "btree"',
    ]);
  });
});

const SQLITE_DDL = `
CREATE TABLE artist (id INTEGER PRIMARY KEY, name NVARCHAR(120) NOT NULL UNIQUE, born DATE, rating NUMERIC(3,1));
CREATE TABLE album (
  code TEXT NOT NULL, artist INTEGER REFERENCES artist, title TEXT, cover BLOB, extra, run_id BINARY(16),
  seen BOOLEAN unsigned, weight NUMERIC UNSIGNED ZEROFILL, added TIMESTAMP WITHOUT TIME ZONE, sent TIMESTAMPTZ,
  title_length INTEGER GENERATED ALWAYS AS (length(title)) VIRTUAL, PRIMARY KEY (code)
) WITHOUT ROWID;
CREATE VIEW titles AS SELECT title FROM album;
CREATE TABLE task (
  state TEXT NOT NULL CHECK (state IN ('todo', 'done')), "Kind" TEXT, note TEXT, -- CHECK (note IN ('no'))
  pinned INTEGER NOT NULL CHECK (pinned IN (0, 1)) DEFAULT 0,
  CONSTRAINT kinds CHECK (kind IN ('bug', 'chore')), CHECK (note <> 'check(')
);
INSERT INTO artist (name) VALUES ('x');
CREATE TABLE sqlite_sequence(name,seq);
CREATE TABLE review (id INTEGER PRIMARY KEY, album_code TEXT REFERENCES "ALBUM"("Code"));
CREATE TABLE "device_certs" ("local_id" BINARY_ID PRIMARY KEY, "id" ID, "created_at" UTC_DATETIME NOT NULL,
  "seen_at" NAIVE_DATETIME, "synced_at" UTC_DATETIME_USEC);
`;

describe("SQLite features", () => {
  it("reads affinities, rowid aliases, WITHOUT ROWID, generated columns and references in any case", async () => {
    const reading = await loadDatabase(file("features.sql", SQLITE_DDL), { dialect: "sqlite" });
    const artist = table(reading.database.tables, "artist");
    expect(columnOf(artist, "id")).toMatchObject({ codec: { kind: "integer" }, nullable: false, hasDefault: true });
    expect(artist.uniqueKeys).toEqual([["name"]]);
    expect(columnOf(artist, "born").codec).toEqual({ kind: "date" });
    expect(columnOf(artist, "rating").codec).toEqual({ kind: "decimal" });
    const album = table(reading.database.tables, "album");
    expect(columnOf(album, "code")).toMatchObject({ nullable: false, hasDefault: false });
    expect(columnOf(album, "cover").codec).toEqual({ kind: "bytes" });
    expect(columnOf(album, "extra").codec).toEqual({ kind: "text" });
    expect(columnOf(album, "run_id").codec).toEqual({ kind: "bytes" });
    expect(columnOf(album, "seen").codec).toEqual({ kind: "boolean" });
    expect(columnOf(album, "weight").codec).toEqual({ kind: "decimal" });
    expect(columnOf(album, "added").codec).toEqual({ kind: "datetime", zoned: false });
    expect(columnOf(album, "sent").codec).toEqual({ kind: "datetime", zoned: true });
    // Ecto's type names, as its SQLite adapter writes them (FarmBot's schema).
    const certs = table(reading.database.tables, "device_certs");
    expect(certs.columns.map((c) => [c.name, c.codec])).toEqual([
      ["local_id", { kind: "text" }],
      ["id", { kind: "integer" }],
      ["created_at", { kind: "datetime", zoned: true }],
      ["seen_at", { kind: "datetime", zoned: false }],
      ["synced_at", { kind: "datetime", zoned: true }],
    ]);
    // SimpleX's `.schema` dump: SQLite's own sqlite_sequence, which SQLite refuses to create, is left to SQLite.
    expect(reading.warnings.map((w) => `${w.pointer} ${w.message}`)).toEqual([
      "line 15 CREATE TABLE sqlite_sequence skipped: SQLite makes its own tables itself",
      expect.stringMatching(/data statements/),
    ]);
    expect(reading.database.tables.map((t) => t.name)).not.toContain("sqlite_sequence");
    expect(columnOf(album, "title_length")).toMatchObject({ readOnly: true });
    expect(album.foreignKeys).toEqual([
      { columns: ["artist"], references: { name: "artist" }, referencedColumns: ["id"] },
    ]);
    // RetroAchievements' `references "message_threads"("ID")` over a column `id`: names as the parent declares them.
    expect(table(reading.database.tables, "review").foreignKeys).toEqual([
      { columns: ["album_code"], references: { name: "album" }, referencedColumns: ["code"] },
    ]);
    expect(table(reading.database.tables, "titles").kind).toBe("view");
    // CHECK lists, read from the CREATE TABLE statement SQLite keeps (names in any case; comments and strings are not
    // constraints).
    const task = table(reading.database.tables, "task");
    expect(columnOf(task, "state").schema).toEqual({ type: "string", enum: ["todo", "done"] });
    expect(columnOf(task, "Kind").schema).toEqual({ type: "string", enum: ["bug", "chore"] });
    expect(columnOf(task, "note").schema).toEqual({ type: "string" });
    expect(columnOf(task, "pinned").schema).toEqual({ type: "integer", enum: [0, 1] });
  });
});

// calibre's library: triggers with CASE ... END inside, and views calling functions calibre registers itself.
const SQLITE_APP_FUNCTIONS_DDL = `
CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL, sort TEXT);
CREATE TRIGGER books_insert_trg AFTER INSERT ON books
BEGIN
  UPDATE books SET sort = title_sort(NEW.title) WHERE id = NEW.id;
  SELECT CASE WHEN NEW.title = '' THEN RAISE(ABORT, 'no title') END;
END;
CREATE VIEW sorted AS SELECT id, title_sort(title) AS sort FROM books;
CREATE VIEW plain AS SELECT id, title FROM books;
`;

describe("SQLite indexes on an application's collations", () => {
  it("reads on past an index SQLite cannot make here, saying why", async () => {
    const ddl = file(
      "app-collation.sql",
      "CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT);\nCREATE INDEX books_title ON books (title COLLATE icu_root);\n",
    );
    const reading = await loadDatabase(ddl, { dialect: "sqlite" });
    expect(reading.database.tables.map((t) => t.name)).toEqual(["books"]);
    expect(reading.warnings.map((w) => `${w.pointer} ${w.message}`)).toEqual([
      "line 2 CREATE INDEX books_title failed and was skipped: no such collation sequence: icu_root",
    ]);
  });
});

describe("SQLite triggers and an application's functions", () => {
  it("keeps a trigger's body whole and leaves out, saying why, a view calling a function SQLite does not have", async () => {
    const ddl = file("app-functions.sql", SQLITE_APP_FUNCTIONS_DDL);
    const database = join(dirname(ddl), "app-functions.db");
    const db = new Database(database);
    db.exec(SQLITE_APP_FUNCTIONS_DDL);
    db.close();
    for (const source of [ddl, database]) {
      const reading = await loadDatabase(source, { dialect: "sqlite" });
      expect(reading.database.tables.map((t) => t.name).sort()).toEqual(["books", "plain"]);
      expect(reading.warnings).toContainEqual(
        expect.objectContaining({
          message: "view skipped: SQLite cannot compile its query here (no such function: title_sort)",
        }),
      );
    }
  });
});

const MYSQL_DDL = `
CREATE DATABASE shop;
USE shop;
DELIMITER ;;
CREATE TABLE item (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT COMMENT 'The key',
  size ENUM('S','M','L') NOT NULL DEFAULT 'M' COMMENT 'the item\\'s size, \\"S\\" to ''L''',
  fit ENUM('it\\'s','loose''s') COMMENT 'a \\\\ backslash',
  colours SET('red','green') DEFAULT NULL,
  price DECIMAL(8,2) NOT NULL,
  qty SMALLINT UNSIGNED NOT NULL,
  made YEAR, note NVARCHAR(40) BINARY, meta JSON, picture MEDIUMBLOB,
  price_cents INT AS (price * 100) STORED,
  sku CHAR(8) NOT NULL,
  grade CHARACTER(1) CHARACTER SET latin1 NOT NULL DEFAULT 'A',
  code VARCHAR(20) ASCII, label CHAR(4) UNICODE,
  PRIMARY KEY (id), UNIQUE KEY sku (sku)
) ENGINE=InnoDB COMMENT='Things we sell';;
DELIMITER ;
CREATE TABLE line (
  item_id BIGINT UNSIGNED NOT NULL, n INT NOT NULL,
  changed TIMESTAMP NULL ON UPDATE CURRENT_TIMESTAMP,
  touched TIMESTAMP NULL DEFAULT NULL ON UPDATE CURRENT_TIMESTAMP,
  weight DECIMAL(12),
  props LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL CHECK (json_valid(\`props\`)),
  extra LONGTEXT, CONSTRAINT extra_is_json CHECK (json_valid(extra)),
  PRIMARY KEY line_key (ITEM_ID, N)
);
ALTER TABLE line ADD CONSTRAINT fk_line_item FOREIGN KEY (Item_Id) REFERENCES item (ID);
create table batch (id serial primary key, \`serial\` varchar(10) not null, name varchar(20) comment 'a serial, no type',
  disabled int2 NOT NULL DEFAULT 0 , tiny INT1, mid MIDDLEINT, four INT4, eight INT8, f FLOAT4, d FLOAT8, note LONG,
  blob_ LONG VARBINARY);
CREATE TABLE device (id CHAR(8) PRIMARY KEY, \`client_id\` uuid NOT NULL, uuid CHAR(36), v6 INET6, v4 INET4 NULL);
ALTER TABLE device ADD COLUMN owner UUID, MODIFY v6 INET6 NOT NULL;
CREATE TABLE score (id INT PRIMARY KEY, rank SMALLINT(5) NOT NULL DEFAULT '0', lead INT, user VARCHAR(20),
  item_id BIGINT UNSIGNED REFERENCES item (id), KEY (rank), INDEX timestamp (lead)) COMMENT 'scores';
CREATE TABLE score_archive LIKE score;
ALTER TABLE score_archive ADD COLUMN groups INT;
# Kea's forensic log ends its lines with comments, and names a column address (which starts as ADD does); Apache
# Ranger writes NOT  NULL with two spaces; CMaNGOS's tables end with storage options the parser does not know;
# OpenXPKI's keys default to a MariaDB sequence's next value.
CREATE SEQUENCE log_entries;
CREATE TABLE logs (
    timestamp TIMESTAMP DEFAULT CURRENT_TIMESTAMP,  # creation timestamp
    address VARCHAR(43) NULL,                       # address or prefix
    rank INT NOT  NULL,                             # a reserved word after a comment
    score_id INT,
    entry BIGINT UNSIGNED DEFAULT (NEXT VALUE FOR log_entries), FOREIGN
    KEY (score_id) REFERENCES score (id) ON  DELETE  SET  NULL
    ) ENGINE = INNODB PACK_KEYS=0 STATS_PERSISTENT=0 COMMENT='forensic log';
`;

describe("MySQL features", () => {
  const path = file("features-mysql.sql", MYSQL_DDL);
  it("reads unsigned ranges, ENUM, SET, JSON, generated columns, comments and ALTER TABLE keys", async () => {
    const reading = await loadDatabase(path, { dialect: "mysql" });
    const item = table(reading.database.tables, "item");
    expect(item).toMatchObject({
      schema: "shop",
      comment: "Things we sell",
      primaryKey: ["id"],
      uniqueKeys: [["sku"]],
    });
    expect(columnOf(item, "id")).toMatchObject({ nativeType: "bigint unsigned", comment: "The key", hasDefault: true });
    expect(columnOf(item, "id").schema).toMatchObject({ type: "string", pattern: "^[0-9]+$" });
    expect(columnOf(item, "size").codec).toEqual({ kind: "enum", values: ["S", "M", "L"] });
    // Escapes in string literals read as MySQL reads them (Friendica's comments say `contact\'s`).
    expect(columnOf(item, "size").comment).toBe(`the item's size, "S" to 'L'`);
    expect(columnOf(item, "fit").codec).toEqual({ kind: "enum", values: ["it's", "loose's"] });
    expect(columnOf(item, "fit").comment).toBe("a \\ backslash");
    expect(columnOf(item, "colours").schema).toEqual({
      type: "array",
      items: { type: "string", enum: ["red", "green"] },
      uniqueItems: true,
    });
    expect(columnOf(item, "qty").schema).toEqual({ type: "integer", minimum: 0, maximum: 65535 });
    expect(columnOf(item, "note")).toMatchObject({ nativeType: "varchar(40)", schema: { maxLength: 40 } });
    // ejabberd writes CHARACTER(1), which MySQL stores as char(1).
    expect(columnOf(item, "grade")).toMatchObject({ nativeType: "char(1)", schema: { maxLength: 1 } });
    // phpVMS's `TEXT ASCII`: the shorthands for character sets latin1 and ucs2.
    expect(columnOf(item, "code")).toMatchObject({ nativeType: "varchar(20)", schema: { maxLength: 20 } });
    expect(columnOf(item, "label")).toMatchObject({ nativeType: "char(4)", schema: { maxLength: 4 } });
    expect(columnOf(item, "meta").codec).toEqual({ kind: "json" });
    expect(columnOf(item, "picture").codec).toEqual({ kind: "bytes" });
    expect(columnOf(item, "price_cents")).toMatchObject({ readOnly: true });
    const line = table(reading.database.tables, "line");
    // ON UPDATE CURRENT_TIMESTAMP, which the parser reads as a reference with no table, is no foreign key.
    expect(line.columns.map((c) => c.name)).toEqual(["item_id", "n", "changed", "touched", "weight", "props", "extra"]);
    // MariaDB's JSON as a dump writes it (Pterodactyl's): LONGTEXT with a json_valid() check.
    expect(columnOf(line, "props").codec).toEqual({ kind: "json" });
    expect(columnOf(line, "extra").codec).toEqual({ kind: "json" });
    // Column names are case-insensitive: keys name them as the table declares them (Ambari's keys are upper case);
    // a primary key's name is ignored (PacketFence's `PRIMARY KEY nasname (nasname)`).
    expect(line.primaryKey).toEqual(["item_id", "n"]);
    expect(columnOf(line, "weight").nativeType).toBe("decimal(12,0)");
    expect(line.foreignKeys).toEqual([
      {
        name: "fk_line_item",
        columns: ["item_id"],
        references: { schema: "shop", name: "item" },
        referencedColumns: ["id"],
      },
    ]);
    // BOINC's `id serial primary key`: BIGINT UNSIGNED NOT NULL AUTO_INCREMENT UNIQUE, as MySQL reads it.
    const batch = table(reading.database.tables, "batch");
    expect(batch.primaryKey).toEqual(["id"]);
    expect(columnOf(batch, "id")).toMatchObject({ nativeType: "bigint unsigned", nullable: false, hasDefault: true });
    expect(columnOf(batch, "serial").nativeType).toBe("varchar(10)");
    expect(columnOf(batch, "name").comment).toBe("a serial, no type");
    // Request Tracker's `int2` and the other sized names MySQL reads as its own types.
    expect(batch.columns.slice(3).map((c) => c.nativeType)).toEqual([
      "smallint",
      "tinyint",
      "mediumint",
      "int",
      "bigint",
      "float",
      "double",
      "mediumtext",
      "mediumblob",
    ]);
    // MariaDB's own types, which the parser does not know (Mercator's `client_id uuid`); a column named uuid stays.
    const device = table(reading.database.tables, "device");
    expect(device.columns.map((c) => [c.name, c.nativeType, c.nullable])).toEqual([
      ["id", "char(8)", false],
      ["client_id", "uuid", false],
      ["uuid", "char(36)", true],
      ["v6", "inet6", false],
      ["v4", "inet4", true],
      ["owner", "uuid", true],
    ]);
    expect(columnOf(device, "client_id").schema).toEqual({ type: "string", format: "uuid" });
    // VICIdial's columns named with words MySQL 8 reserves (`rank`, `lead`), and its archives made LIKE a table;
    // an index named as a type (Pandora FMS's `INDEX timestamp`).
    const score = table(reading.database.tables, "score");
    expect(score.columns.map((c) => [c.name, c.nativeType])).toEqual([
      ["id", "int"],
      ["rank", "smallint"],
      ["lead", "int"],
      ["user", "varchar(20)"],
      ["item_id", "bigint unsigned"],
    ]);
    expect(score.foreignKeys).toHaveLength(1);
    const archive = table(reading.database.tables, "score_archive");
    expect(archive).toMatchObject({ primaryKey: ["id"], comment: "scores", foreignKeys: [] });
    expect(archive.columns.map((c) => c.name)).toEqual(["id", "rank", "lead", "user", "item_id", "groups"]);
    const logs = table(reading.database.tables, "logs");
    expect(logs.columns.map((c) => [c.name, c.nativeType, c.nullable])).toEqual([
      ["timestamp", "timestamp", true],
      ["address", "varchar(43)", true],
      ["rank", "int", false],
      ["score_id", "int", true],
      ["entry", "bigint unsigned", true],
    ]);
    expect(columnOf(logs, "entry").hasDefault).toBe(true);
    expect(logs.foreignKeys).toMatchObject([{ columns: ["score_id"], referencedColumns: ["id"] }]);
    expect(logs.comment).toBe("forensic log");
    if (mysql) {
      drops.push(() => dropMysql("dbsource_features"));
      const url = await loadMysql("dbsource_features", splitScript(MYSQL_DDL, "mysql"));
      const live = (await loadDatabase(url)).database.tables;
      const renamed = JSON.parse(JSON.stringify(reading.database.tables).replaceAll('"shop"', '"dbsource_features"'));
      expect(live).toEqual(renamed);
    }
  });
});

const MYSQL_VIEWS_DDL = `
CREATE TABLE maker (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, name VARCHAR(30) NOT NULL COMMENT 'the maker\\'s name',
  town VARCHAR(20)
);
CREATE TABLE part (
  id INT NOT NULL PRIMARY KEY, maker_id INT UNSIGNED, label CHAR(8) NOT NULL,
  price DECIMAL(8,2) NOT NULL DEFAULT 1.00, qty SMALLINT UNSIGNED NOT NULL, active BOOLEAN NOT NULL DEFAULT TRUE
);
CREATE VIEW part_list AS
  SELECT p.id, p.label AS code, m.name AS maker, CONCAT(m.name, _utf8' / ', p.label) AS title,
    IF(p.active, 'on sale', '') AS state, p.price * p.qty AS stock_value
  FROM part AS p LEFT JOIN maker AS m ON m.id = p.maker_id;
CREATE ALGORITHM=MERGE DEFINER=CURRENT_USER SQL SECURITY INVOKER VIEW maker_totals (maker, parts, units, average, cheapest) AS
  SELECT m.name, COUNT(*), SUM(p.qty), AVG(p.price), MIN(p.label)
  FROM part p RIGHT JOIN maker m ON m.id = p.maker_id GROUP BY m.name;
CREATE VIEW everything AS SELECT * FROM maker;
CREATE VIEW towns AS SELECT t.town FROM (SELECT town FROM maker) AS t;
CREATE VIEW views_of_views AS SELECT code, maker FROM part_list;
-- UNIONs as MySQL takes them and the grammar does not in a view (openSIS's plain one, Apache Ranger's in parentheses).
CREATE VIEW union_plain AS SELECT id, label FROM part UNION SELECT id, name FROM maker;
CREATE VIEW union_wrapped AS (SELECT id AS ref FROM part) UNION (SELECT id FROM maker);
-- As mysqldump writes a view: a stand-in first, then the view itself, in executable comments, names in backquotes.
/*!50001 CREATE VIEW \`dumped\` AS SELECT
 1 AS \`id\`,
 1 AS \`label\` */;
/*!50001 DROP VIEW IF EXISTS \`dumped\`*/;
/*!50001 SET @saved_cs_client          = @@character_set_client */;
/*!50001 CREATE ALGORITHM=UNDEFINED */
/*!50013 DEFINER=CURRENT_USER SQL SECURITY DEFINER */
/*!50001 VIEW \`dumped\` AS select \`part\`.\`id\` AS \`id\`,\`part\`.\`label\` AS \`label\` from \`part\` */;
-- MySQL writes joins nested to the left, each in parentheses (AKSO's dump): the grammar takes one level at most.
/*!50001 CREATE ALGORITHM=UNDEFINED */
/*!50013 DEFINER=CURRENT_USER SQL SECURITY DEFINER */
/*!50001 VIEW \`dumped_joins\` AS select \`p\`.\`id\` AS \`id\`,\`m\`.\`name\` AS \`maker\`,\`q\`.\`label\` AS \`same_label\` from ((\`part\` \`p\` left join \`maker\` \`m\` on((\`m\`.\`id\` = \`p\`.\`maker_id\`))) join \`part\` \`q\` on((\`q\`.\`id\` = \`p\`.\`id\`))) */;
/*!50001 CREATE ALGORITHM=UNDEFINED */
/*!50013 DEFINER=CURRENT_USER SQL SECURITY DEFINER */
/*!50001 VIEW \`dumped_derived\` AS select \`t\`.\`town\` AS \`town\`,\`m\`.\`name\` AS \`name\` from ((select \`maker\`.\`town\` AS \`town\`,\`maker\`.\`id\` AS \`id\` from \`maker\`) \`t\` join \`maker\` \`m\` on((\`m\`.\`id\` = \`t\`.\`id\`))) */;
`;

// A schema built by migrations, as Flipt's and OpenFGA's are: tables reshaped by ALTER TABLE after they are created.
const MYSQL_MIGRATIONS_DDL = `
CREATE TABLE space (\`key\` VARCHAR(20) NOT NULL PRIMARY KEY);
CREATE TABLE flag (
  \`key\` VARCHAR(20) NOT NULL, name VARCHAR(20) NOT NULL, legacy INT, created DATETIME,
  PRIMARY KEY (\`key\`), UNIQUE KEY name (name)
);
CREATE TABLE rule (id INT PRIMARY KEY, flag_key VARCHAR(20), FOREIGN KEY (flag_key) REFERENCES flag (\`key\`));
ALTER TABLE flag ADD COLUMN space_key VARCHAR(20) NOT NULL DEFAULT 'default' FIRST;
ALTER TABLE flag ADD COLUMN note TEXT AFTER name, DROP COLUMN legacy;
ALTER TABLE flag DROP INDEX name, ADD UNIQUE INDEX flag_space_name (space_key, name);
ALTER TABLE rule DROP FOREIGN KEY rule_ibfk_1;
ALTER TABLE flag DROP PRIMARY KEY, ADD PRIMARY KEY (space_key, \`key\`);
ALTER TABLE flag MODIFY created DATETIME(6) NOT NULL, CHANGE note description VARCHAR(200);
ALTER TABLE flag RENAME COLUMN name TO title;
ALTER TABLE flag ADD COLUMN owner VARCHAR(20) REFERENCES space (\`key\`), COMMENT = 'Feature flags';
ALTER TABLE rule ADD COLUMN space_key VARCHAR(20), ADD FOREIGN KEY (space_key, flag_key) REFERENCES flag (space_key, \`key\`);
CREATE UNIQUE INDEX rule_space ON rule (space_key, id);
DROP INDEX rule_space ON rule;
ALTER TABLE space RENAME TO namespace;
`;

describe("MySQL migrations in a DDL file", () => {
  const path = file("features-mysql-migrations.sql", MYSQL_MIGRATIONS_DDL);
  it("applies ADD, DROP, MODIFY, CHANGE and RENAME as MySQL does, and equals MariaDB's reading of the same file", async () => {
    const reading = await loadDatabase(path, { dialect: "mysql" });
    const flag = table(reading.database.tables, "flag");
    expect(flag.columns.map((c) => [c.name, c.nativeType, c.nullable])).toEqual([
      ["space_key", "varchar(20)", false],
      ["key", "varchar(20)", false],
      ["title", "varchar(20)", false],
      ["description", "varchar(200)", true],
      ["created", "datetime(6)", false],
      ["owner", "varchar(20)", true],
    ]);
    expect(flag).toMatchObject({ comment: "Feature flags", primaryKey: ["space_key", "key"] });
    expect(flag.uniqueKeys).toEqual([["space_key", "title"]]);
    // The column-level REFERENCES is a foreign key, to the table under its new name.
    expect(flag.foreignKeys).toEqual([
      {
        name: "flag_ibfk_1",
        columns: ["owner"],
        references: { schema: expect.any(String), name: "namespace" },
        referencedColumns: ["key"],
      },
    ]);
    // The dropped rule_ibfk_1 leaves the new one its number back; the dropped unique index leaves nothing.
    const rule = table(reading.database.tables, "rule");
    expect(rule.foreignKeys.map((key) => [key.name, key.columns])).toEqual([
      ["rule_ibfk_1", ["space_key", "flag_key"]],
    ]);
    expect(rule.uniqueKeys ?? []).toEqual([]);
    if (mysql) {
      drops.push(() => dropMysql("dbsource_migrations"));
      const url = await loadMysql("dbsource_migrations", splitScript(MYSQL_MIGRATIONS_DDL, "mysql"));
      const live = (await loadDatabase(url)).database.tables;
      const renamed = (tables: SqlTable[]) =>
        JSON.parse(JSON.stringify(tables).replaceAll(`"${flag.schema}"`, '"dbsource_migrations"'));
      expect(live).toEqual(renamed(reading.database.tables));
    }
  });
});

describe("MySQL views in a DDL file", () => {
  const path = file("features-mysql-views.sql", MYSQL_VIEWS_DDL);
  it("types each view's columns from its query, as MariaDB does, and says which it cannot type", async () => {
    const reading = await loadDatabase(path, { dialect: "mysql" });
    const partList = table(reading.database.tables, "part_list");
    expect(partList.kind).toBe("view");
    expect(partList.columns.map((c) => [c.name, c.nativeType, c.nullable])).toEqual([
      ["id", "int", false],
      ["code", "char(8)", false],
      // On the outer side of the LEFT JOIN: null where a part has no maker.
      ["maker", "varchar(30)", true],
      ["title", "varchar(41)", true],
      ["state", "varchar(7)", false],
      ["stock_value", "unknown (computed by the view's query)", true],
    ]);
    // A column read as it is keeps its comment, as MariaDB shows it for the view (Friendica's views).
    expect(columnOf(partList, "maker").comment).toBe("the maker's name");
    expect(columnOf(partList, "stock_value")).toMatchObject({
      codec: { kind: "text" },
      readOnly: true,
      schema: { description: expect.stringContaining("computed by the view's query") },
    });
    expect(reading.warnings.map((w) => w.message)).toContainEqual(
      expect.stringMatching(/^view part_list: stock_value computed in a way only an engine types/),
    );
    const totals = table(reading.database.tables, "maker_totals");
    expect(totals.columns.map((c) => [c.name, c.nativeType, c.nullable])).toEqual([
      ["maker", "varchar(30)", false],
      ["parts", "bigint", false],
      ["units", "decimal(27,0)", true],
      ["average", "decimal(12,6)", true],
      ["cheapest", "char(8)", true],
    ]);
    expect(table(reading.database.tables, "everything").columns.map((c) => c.name)).toEqual(["id", "name", "town"]);
    expect(table(reading.database.tables, "towns").columns.map((c) => c.nativeType)).toEqual(["varchar(20)"]);
    expect(table(reading.database.tables, "views_of_views").columns.map((c) => c.nullable)).toEqual([false, true]);
    // A UNION's columns are named by its first member; their types, which all members make, are left to an engine.
    for (const [name, columns] of [
      ["union_plain", ["id", "label"]],
      ["union_wrapped", ["ref"]],
    ] as const) {
      expect(table(reading.database.tables, name).columns.map((c) => [c.name, c.codec.kind])).toEqual(
        columns.map((column) => [column, "text"]),
      );
    }
    // Read from its executable comments, as the view that replaced the stand-in; nothing said of the stand-in.
    expect(table(reading.database.tables, "dumped").columns.map((c) => [c.name, c.nativeType])).toEqual([
      ["id", "int"],
      ["label", "char(8)"],
    ]);
    expect(reading.warnings.map((w) => w.message).filter((m) => m.includes("dumped"))).toEqual([]);
    expect(
      table(reading.database.tables, "dumped_joins").columns.map((c) => [c.name, c.nativeType, c.nullable]),
    ).toEqual([
      ["id", "int", false],
      ["maker", "varchar(30)", true],
      ["same_label", "char(8)", false],
    ]);
    expect(table(reading.database.tables, "dumped_derived").columns.map((c) => [c.name, c.nativeType])).toEqual([
      ["town", "varchar(20)"],
      ["name", "varchar(30)"],
    ]);
    if (mysql) {
      drops.push(() => dropMysql("dbsource_views"));
      const url = await loadMysql("dbsource_views", splitScript(MYSQL_VIEWS_DDL, "mysql"));
      const live = (await loadDatabase(url)).database.tables;
      // The DDL names no database: the file's name stands in. The untyped column is the one difference.
      const typed = (tables: SqlTable[]) =>
        tables
          .filter((t) => !t.name.startsWith("union_"))
          .map((t) => ({ ...t, schema: "", columns: t.columns.filter((c) => c.name !== "stock_value") }));
      expect(table(live, "union_wrapped").columns.map((c) => c.name)).toEqual(["ref"]);
      expect(typed(live)).toEqual(typed(reading.database.tables));
      expect(columnOf(table(live, "part_list"), "stock_value").nativeType).toBe("decimal(13,2)");
    }
  });

  it("leaves out a view it cannot follow, saying why, and reads the rest", async () => {
    const broken = file(
      "features-mysql-broken-view.sql",
      `${MYSQL_VIEWS_DDL}\nCREATE VIEW lost AS SELECT x FROM nowhere;`,
    );
    const reading = await loadDatabase(broken, { dialect: "mysql" });
    expect(reading.database.tables.map((t) => t.name)).not.toContain("lost");
    expect(reading.database.tables.map((t) => t.name)).toContain("part_list");
    expect(reading.warnings.map((w) => w.message)).toContainEqual(
      "view lost skipped: the view reads features-mysql-broken-view.nowhere, which is not created earlier in the file",
    );
  });
});
