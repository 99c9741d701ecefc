// node-sql-parser's MySQL and MariaDB grammars are bundled into the runtime's dist as chunks of their own. Loaded in a
// plain Node process, as users load them: vitest's module runner defines `require`, which would hide a require()
// left in an ESM chunk (the grammars require big-integer).

import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/servers.js";

const PROBE = `
const { sqlParser } = await import("./packages/runtime/dist/internal.js");
const mysql = await sqlParser("mysql");
const mariadb = await sqlParser("mariadb");
const big = mysql.astify("SELECT 99999999999999999999 + 1 AS x", { database: "MySQL" });
const plain = mariadb.astify("SELECT id FROM t WHERE id = ?", { database: "MariaDB" });
console.log(JSON.stringify([big.type ?? big[0].type, plain.type ?? plain[0].type]));
`;

describe("the runtime's bundled SQL grammars", () => {
  it("load and parse in a plain Node process", () => {
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", PROBE], { cwd: ROOT, encoding: "utf8" });
    expect(JSON.parse(out)).toEqual(["select", "select"]);
  });
});
