// A small shop schema for the SQL executor's PostgreSQL and MariaDB tests: every codec the executor converts (64-bit
// integers, decimals, arrays or SET, JSON, bytes, dates, zoned timestamps, enums), a composite key, a generated
// column, a nullable column named to look like SQL, and the SqlDatabase the database source would describe it as.
import type { SqlCodec, SqlColumn, SqlDatabase, SqlDialect } from "../packages/runtime/dist/executors/sql/index.js";

export const SHOP_SCHEMA = "sqlrun_shop";
/** A column whose name would end a quoted identifier and start a comment if it were spliced into SQL. */
export const ODD = 'odd"`;--name';

function col(name: string, codec: SqlCodec, schema: SqlColumn["schema"], more: Partial<SqlColumn> = {}): SqlColumn {
  return { name, nativeType: codec.kind, codec, schema, nullable: false, readOnly: false, hasDefault: false, ...more };
}

const BIGINT = { type: "string", pattern: "^-?[0-9]+$" };
const DECIMAL = { type: "string", pattern: "^-?[0-9]+(\\.[0-9]+)?$" };

export function shopDatabase(dialect: Exclude<SqlDialect, "sqlite">): SqlDatabase {
  const tags: SqlCodec =
    dialect === "postgres"
      ? { kind: "array", element: { kind: "text" } }
      : { kind: "set", values: ["red", "blue", "big"] };
  const tagSchema =
    dialect === "postgres"
      ? { type: "array", items: { type: "string" } }
      : { type: "array", items: { type: "string", enum: ["red", "blue", "big"] }, uniqueItems: true };
  const table = { schema: SHOP_SCHEMA, kind: "table" as const, uniqueKeys: [] };
  return {
    dialect,
    name: SHOP_SCHEMA,
    tables: [
      {
        ...table,
        name: "product",
        comment: "Things for sale.",
        columns: [
          col("id", { kind: "bigint" }, BIGINT, { hasDefault: dialect === "mysql" }),
          col("name", { kind: "text" }, { type: "string" }),
          col("price", { kind: "decimal" }, DECIMAL),
          col("tags", tags, tagSchema, { hasDefault: true }),
          col("data", { kind: "json" }, {}, { nullable: true }),
          col("photo", { kind: "bytes" }, { type: "string", contentEncoding: "base64" }, { nullable: true }),
          col("added", { kind: "date" }, { type: "string", format: "date" }, { nullable: true }),
          col(
            "updated",
            { kind: "datetime", zoned: true },
            { type: "string", format: "date-time" },
            { nullable: true },
          ),
          col(ODD, { kind: "text" }, { type: "string" }, { nullable: true }),
        ],
        primaryKey: ["id"],
        foreignKeys: [],
      },
      {
        ...table,
        name: "order_line",
        columns: [
          col("order_id", { kind: "integer" }, { type: "integer" }),
          col("line", { kind: "integer" }, { type: "integer" }),
          col("product_id", { kind: "bigint" }, BIGINT),
          col("qty", { kind: "integer" }, { type: "integer" }),
          col(
            "status",
            { kind: "enum", values: ["new", "paid", "shipped"] },
            { type: "string", enum: ["new", "paid", "shipped"] },
            { hasDefault: true },
          ),
          col("total", { kind: "decimal" }, DECIMAL, { readOnly: true, hasDefault: true }),
        ],
        primaryKey: ["order_id", "line"],
        foreignKeys: [
          { columns: ["product_id"], references: { schema: SHOP_SCHEMA, name: "product" }, referencedColumns: ["id"] },
        ],
      },
    ],
  };
}

export const POSTGRES_SETUP = `
DROP SCHEMA IF EXISTS sqlrun_shop CASCADE;
CREATE SCHEMA sqlrun_shop;
CREATE TYPE sqlrun_shop.status AS ENUM ('new', 'paid', 'shipped');
CREATE TABLE sqlrun_shop.product (
  id bigint PRIMARY KEY,
  name text NOT NULL,
  price numeric(10,2) NOT NULL,
  tags text[] NOT NULL DEFAULT '{}',
  data jsonb,
  photo bytea,
  added date,
  updated timestamptz,
  "odd""\`;--name" text
);
INSERT INTO sqlrun_shop.product
SELECT i, 'product ' || i, (i * 1.25)::numeric(10,2),
  CASE i % 3 WHEN 0 THEN ARRAY['red','big'] WHEN 1 THEN ARRAY['blue'] ELSE '{}' END,
  CASE WHEN i % 2 = 0 THEN jsonb_build_object('size', i % 5, 'eco', i % 4 = 0) END,
  CASE WHEN i % 10 = 0 THEN decode('deadbeef', 'hex') END,
  date '2024-01-01' + i,
  timestamptz '2024-01-01 00:00:00+00' + i * interval '1 hour',
  CASE WHEN i % 7 = 0 THEN NULL ELSE 'n' || (i % 11) END
FROM generate_series(1, 250) AS i;
CREATE TABLE sqlrun_shop.order_line (
  order_id int NOT NULL,
  line int NOT NULL,
  product_id bigint NOT NULL REFERENCES sqlrun_shop.product (id),
  qty int NOT NULL,
  status sqlrun_shop.status NOT NULL DEFAULT 'new',
  total numeric GENERATED ALWAYS AS (qty * 2) STORED,
  PRIMARY KEY (order_id, line)
);
INSERT INTO sqlrun_shop.order_line (order_id, line, product_id, qty, status)
SELECT o, l, ((o * 7 + l) % 250) + 1, l, (ARRAY['new','paid','shipped'])[1 + (o + l) % 3]::sqlrun_shop.status
FROM generate_series(1, 40) AS o, generate_series(1, 3) AS l;
`;

export const MARIADB_SETUP = [
  "DROP DATABASE IF EXISTS sqlrun_shop",
  "CREATE DATABASE sqlrun_shop",
  `CREATE TABLE sqlrun_shop.product (
    id BIGINT PRIMARY KEY AUTO_INCREMENT,
    name VARCHAR(100) NOT NULL,
    price DECIMAL(10,2) NOT NULL,
    tags SET('red','blue','big') NOT NULL DEFAULT '',
    data JSON NULL,
    photo BLOB NULL,
    added DATE NULL,
    updated TIMESTAMP NULL,
    \`odd"\`\`;--name\` VARCHAR(20) NULL
  )`,
  `INSERT INTO sqlrun_shop.product
   SELECT seq, CONCAT('product ', seq), seq * 1.25,
     CASE seq % 3 WHEN 0 THEN 'red,big' WHEN 1 THEN 'blue' ELSE '' END,
     CASE WHEN seq % 2 = 0 THEN JSON_OBJECT('size', seq % 5, 'eco', seq % 4 = 0) END,
     CASE WHEN seq % 10 = 0 THEN UNHEX('deadbeef') END,
     DATE '2024-01-01' + INTERVAL seq DAY,
     TIMESTAMP '2024-01-01 00:00:00' + INTERVAL seq HOUR,
     CASE WHEN seq % 7 = 0 THEN NULL ELSE CONCAT('n', seq % 11) END
   FROM seq_1_to_250`,
  `CREATE TABLE sqlrun_shop.order_line (
    order_id INT NOT NULL,
    line INT NOT NULL,
    product_id BIGINT NOT NULL,
    qty INT NOT NULL,
    status ENUM('new','paid','shipped') NOT NULL DEFAULT 'new',
    total DECIMAL(10,0) AS (qty * 2) STORED,
    PRIMARY KEY (order_id, line),
    FOREIGN KEY (product_id) REFERENCES sqlrun_shop.product (id)
  )`,
  `INSERT INTO sqlrun_shop.order_line (order_id, line, product_id, qty, status)
   SELECT o.seq, l.seq, ((o.seq * 7 + l.seq) % 250) + 1, l.seq, ELT(1 + (o.seq + l.seq) % 3, 'new', 'paid', 'shipped')
   FROM seq_1_to_40 AS o, seq_1_to_3 AS l`,
];
