import { describe, expect, it } from "vitest";
import { checkClauses, checkedValues } from "./check-values.js";

describe("checkedValues", () => {
  it("reads a column's list of strings as DDL writes it and as each engine gives it back", () => {
    const expected = { column: "row_status", values: ["NORMAL", "ARCHIVED"] };
    for (const written of [
      "row_status IN ('NORMAL', 'ARCHIVED')",
      "(row_status IN ('NORMAL','ARCHIVED'))",
      "\"row_status\" in ('NORMAL', 'ARCHIVED')",
      "`row_status` in ('NORMAL','ARCHIVED')",
      "[row_status] IN ('NORMAL', 'ARCHIVED')",
      // PostgreSQL's pg_get_constraintdef, for text and for varchar.
      "(row_status = ANY (ARRAY['NORMAL'::text, 'ARCHIVED'::text]))",
      "((row_status)::text = ANY ((ARRAY['NORMAL'::character varying, 'ARCHIVED'::character varying])::text[]))",
      // MySQL 8's CHECK_CLAUSE, with charset introducers.
      "(`row_status` in (_utf8mb4'NORMAL',_utf8mb4'ARCHIVED'))",
    ]) {
      expect(checkedValues(written), written).toEqual(expected);
    }
    expect(checkedValues("kind IN ('it''s', 'b')")).toEqual({ column: "kind", values: ["it's", "b"] });
    // Whole numbers too (Memos' `pinned IN (0, 1)`), as written and as PostgreSQL gives them back.
    expect(checkedValues("pinned IN (0, 1)")).toEqual({ column: "pinned", values: [0, 1] });
    // SQLite's TRUE and FALSE are 1 and 0 (gomuks' `suggested IN (false, true)`).
    expect(checkedValues("suggested IN (false, true)")).toEqual({ column: "suggested", values: [0, 1] });
    expect(checkedValues("(level = ANY (ARRAY[1, 2, 3]))")).toEqual({ column: "level", values: [1, 2, 3] });
  });

  it("says nothing of any other constraint", () => {
    for (const other of [
      "upper(gender) = ANY (ARRAY['M', 'F'])",
      "(status IN ('a', 'b') OR status IS NULL)",
      "price > 0",
      "a IN ('x') AND b IN ('y')",
      "level IN (1, 'two')",
      "level IN (1x)",
      "status NOT IN ('a')",
      "status IN ()",
      "status IN ('a\\'b')",
      "((status IN ('a'))",
    ]) {
      expect(checkedValues(other), other).toBeUndefined();
    }
  });

  it("finds each CHECK's expression in a CREATE TABLE statement, and none inside strings, names or comments", () => {
    const statement = `CREATE TABLE "check(" (
      state TEXT CHECK (state IN ('a', 'b')), -- check (x in ('c'))
      note TEXT /* CHECK (y IN ('d')) */ DEFAULT 'check(',
      [check(] TEXT, CONSTRAINT k CHECK((note IN ('e')) AND (length(note) > 0)), nocheck INT)`;
    expect(checkClauses(statement)).toEqual(["state IN ('a', 'b')", "(note IN ('e')) AND (length(note) > 0)"]);
  });
});
