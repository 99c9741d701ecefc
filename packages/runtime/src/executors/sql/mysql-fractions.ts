/**
 * mysql2 reads a `DATETIME(6)`, `TIMESTAMP(3)` or `TIME(6)` over the binary protocol (every statement here is a
 * prepared one) and writes its fraction only when the server sent one: MariaDB and MySQL send none when it is zero,
 * so a `DATETIME(6)` column gave `2022-01-01 10:00:01` beside `2022-01-01 10:00:01.500000`, where the text protocol
 * (and the column's own definition) always has six digits. The fraction is written out to the column's precision.
 */

/** mysql2's column types that carry fractional seconds (its `Types`, as the protocol numbers them). */
const TEMPORAL = new Set([7 /* TIMESTAMP */, 11 /* TIME */, 12 /* DATETIME */]);

interface Field {
  columnType?: number;
  decimals?: number;
}

/** The places and precisions of the columns whose fraction mysql2 may leave out; empty for most statements. */
export function fractionalColumns(fields: readonly Field[] | undefined): [place: number, digits: number][] {
  const places: [number, number][] = [];
  (fields ?? []).forEach((field, place) => {
    const digits = field.decimals ?? 0;
    if (TEMPORAL.has(field.columnType ?? -1) && digits > 0 && digits <= 6) places.push([place, digits]);
  });
  return places;
}

/** Writes the fraction out, in place, where a value of those columns was read without one. */
export function withFractions(rows: unknown[][], columns: readonly [number, number][]): void {
  if (columns.length === 0) return;
  for (const row of rows) {
    for (const [place, digits] of columns) {
      const value = row[place];
      if (typeof value === "string" && !value.includes(".")) row[place] = `${value}.${"0".repeat(digits)}`;
    }
  }
}
