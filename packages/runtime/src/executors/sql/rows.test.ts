import { describe, expect, it } from "vitest";
import { valueJson, withinBytes, withRowsJson } from "./rows.js";

const rows = [
  { id: 1, name: 'a "quoted" name', note: null },
  { id: 2, name: "ünïcödé ✓", note: "line\nbreak" },
  { id: 3, name: "c", note: "x".repeat(40) },
];

describe("a page's rows, serialised once", () => {
  it("keeps the rows that fit and writes their JSON as JSON.stringify does, cut or not", () => {
    for (const maxBytes of [1024 * 1024, 120, 2]) {
      const fitting = withinBytes(rows, maxBytes);
      expect(fitting.json).toBe(JSON.stringify(fitting.rows));
      expect(fitting.cut).toBe(fitting.rows.length < rows.length);
    }
    expect(withinBytes(rows, 120).rows).toEqual(rows.slice(0, 2));
  });

  it("writes a marked result exactly as JSON.stringify writes it, whatever follows the rows", () => {
    const results = [
      { rows: [], truncated: false },
      { rows, truncated: true, nextCursor: "abc" },
      { rows: rows.slice(0, 1), truncated: false, count: 3, countExact: true },
    ];
    for (const result of results) {
      const marked = withRowsJson({ ...result }, JSON.stringify(result.rows));
      expect(valueJson(marked)).toBe(JSON.stringify(result));
      // The mark is not copied: a copy is serialised whole.
      expect(valueJson({ ...marked, rows: [] })).toBe(JSON.stringify({ ...result, rows: [] }));
    }
    expect(valueJson({ a: 1 })).toBe('{"a":1}');
  });
});
