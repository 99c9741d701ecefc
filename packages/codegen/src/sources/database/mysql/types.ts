/**
 * MySQL/MariaDB column types -> codec and JSON Schema, from the type as `information_schema.COLUMNS.COLUMN_TYPE`
 * writes it (`smallint(5) unsigned`, `enum('a','b')`, `decimal(10,2)`). The DDL reader writes its types the same
 * way ({@link canonicalMysqlType}), so both readings go through this one mapping.
 */

import type { MappedType } from "../shared/codecs.js";
import * as json from "../shared/codecs.js";

const INTEGER_RANGES: Record<string, [number, number]> = {
  tinyint: [-128, 127],
  smallint: [-32768, 32767],
  mediumint: [-8388608, 8388607],
  int: [-2147483648, 2147483647],
};

/** Type names MySQL accepts as synonyms, under the name it stores. */
const SYNONYMS: Record<string, string> = {
  integer: "int",
  int4: "int",
  int8: "bigint",
  int2: "smallint",
  int3: "mediumint",
  int1: "tinyint",
  middleint: "mediumint",
  bool: "tinyint",
  boolean: "tinyint",
  dec: "decimal",
  numeric: "decimal",
  fixed: "decimal",
  real: "double",
  "double precision": "double",
  float8: "double",
  float4: "float",
  nvarchar: "varchar",
  "national varchar": "varchar",
  "character varying": "varchar",
  nchar: "char",
  "national char": "char",
  character: "char",
  "long varchar": "mediumtext",
  long: "mediumtext",
};

/** Display widths (`int(11)`, `year(4)`) say nothing about values and MySQL 8 no longer shows them: dropped. */
const DISPLAY_WIDTH = /^(tinyint|smallint|mediumint|int|bigint|year)\(\d+\)/;

/** A type as COLUMN_TYPE writes it, lower case, without display widths, synonyms resolved. */
export function canonicalMysqlType(type: string): string {
  const trimmed = type.trim().replace(/\s+/g, " ");
  const match = /^([A-Za-z][A-Za-z0-9 ]*?)\s*(\(.*\))?((?: (?:unsigned|signed|zerofill))*)$/i.exec(trimmed);
  if (!match) return trimmed.toLowerCase();
  const name = (match[1] as string).toLowerCase();
  const base = SYNONYMS[name] ?? name;
  // DECIMAL(38) is DECIMAL(38,0) (Ambari's sequence_value), as COLUMN_TYPE writes it.
  const args =
    base === "decimal" && match[2] !== undefined && !match[2].includes(",")
      ? `${match[2].slice(0, -1)},0)`
      : (match[2] ?? defaultArguments(base));
  const suffix = (match[3] ?? "").toLowerCase().replace(" signed", "");
  const lowerArgs = base === "enum" || base === "set" ? args : args.toLowerCase().replace(/\s+/g, "");
  return `${base}${lowerArgs}${suffix}`.replace(DISPLAY_WIDTH, "$1");
}

function defaultArguments(base: string): string {
  if (base === "decimal") return "(10,0)";
  if (base === "char" || base === "binary") return "(1)";
  return "";
}

export function mapMysqlType(columnType: string): MappedType {
  const canonical = canonicalMysqlType(columnType);
  const base = (/^[a-z]+/.exec(canonical)?.[0] ?? "") as string;
  const args = /\((.*)\)/.exec(canonical)?.[1] ?? "";
  const unsigned = /\bunsigned\b/.test(canonical);
  const range = INTEGER_RANGES[base];
  if (range) return unsigned ? json.integer(0, range[1] * 2 + 1) : json.integer(range[0], range[1]);
  switch (base) {
    case "bigint":
      return json.bigint(unsigned);
    case "decimal": {
      const [precision, scale] = args.split(",").map(Number);
      return json.decimal(precision, scale);
    }
    case "float":
    case "double":
      return json.float();
    case "char":
    case "varchar":
      return json.text(Number(args));
    case "tinytext":
    case "text":
    case "mediumtext":
    case "longtext":
      return json.text();
    case "enum":
      return json.enumeration(quotedValues(args));
    case "set":
      return json.set(quotedValues(args));
    case "date":
      return json.date({ zeroParts: true });
    case "time":
      return json.time(false, "a time of day or a duration (-838:59:59 to 838:59:59)");
    case "datetime":
    case "timestamp":
      return json.datetime(false);
    case "year":
      return json.integer(0, 2155);
    case "json":
      return json.json();
    case "binary":
    case "varbinary":
    case "tinyblob":
    case "blob":
    case "mediumblob":
    case "longblob":
      return json.bytes();
    case "bit":
      // BIT(1) (BIT alone) holds 0 or 1, MySQL's flag (Apollo's `IsEnabled bit(1)`); a wider one, its bits as bytes.
      return args === "" || args === "1" ? json.boolean() : json.bytes();
    case "uuid":
      return json.uuid();
    case "inet4":
    case "inet6":
      return json.text(undefined, `an ${base === "inet4" ? "IPv4" : "IPv6"} address`);
    case "geometry":
    case "point":
    case "linestring":
    case "polygon":
    case "multipoint":
    case "multilinestring":
    case "multipolygon":
    case "geometrycollection":
    case "geomcollection":
      return json.geometry(base === "geometry" ? "geometry" : base.toUpperCase());
  }
  return { ...json.text(undefined, `a ${base} value as text`), unmapped: base };
}

/** `'a','b''c'` -> `["a", "b'c"]`, as MySQL writes enum and set members. */
export function quotedValues(list: string): string[] {
  const values: string[] = [];
  const pattern = /'((?:[^'\\]|''|\\.)*)'/g;
  for (const match of list.matchAll(pattern)) {
    values.push((match[1] as string).replace(/''/g, "'").replace(/\\(.)/g, "$1"));
  }
  return values;
}
