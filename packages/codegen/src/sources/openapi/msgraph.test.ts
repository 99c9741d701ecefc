/**
 * msgraph (20 MB, 11,422 operations, 25 reference cycles): loads without a full dereference, every tool passes the
 * corpus checks. Its own file so that the other corpus tests stay quick.
 */
import { corpusFile } from "@mcpsmith/corpus";
import { describe, expect, it } from "vitest";
import { checkTools } from "./corpus-checks.test-support.js";
import { loadOpenApi } from "./source.js";

describe("msgraph-v1-apisguru.json", () => {
  it("gives 11,412 tools (10 deprecated skipped), names cut to 64 characters, schemas that compile", async () => {
    const ir = await loadOpenApi(corpusFile("openapi/msgraph-v1-apisguru.json"));
    expect(ir.tools).toHaveLength(11_412);
    expect(ir.warnings.filter((w) => w.message.startsWith("deprecated")).length).toBe(10);
    // Dotted operation ids become underscores; the 1,936 over 64 characters are shortened with a hash.
    expect(ir.tools.every((t) => t.name.length <= 64)).toBe(true);
    expect(ir.tools.filter((t) => /_[0-9a-f]{6}$/.test(t.name)).length).toBeGreaterThan(1_900);
    checkTools(ir);
  }, 300_000);
});
