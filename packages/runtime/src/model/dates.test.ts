import { describe, expect, it } from "vitest";
import { server } from "../index.js";
import { createTestClient } from "../testing/index.js";
import { reviveDates } from "./dates.js";

describe("reviveDates", () => {
  it("makes Dates of the texts the plan names, through objects, records, tuples and arrays", () => {
    const args = {
      due: "2026-01-02T03:04:05Z",
      note: "2026-01-02T03:04:05Z",
      stops: [{ at: "2026-02-01T00:00:00Z" }, { at: null }],
      byDay: { mon: "2026-03-02T00:00:00Z" },
      pair: ["keep", "2026-04-01T00:00:00Z", "2026-04-02T00:00:00Z"],
    };
    const revived = reviveDates(args, {
      properties: {
        due: { date: true },
        stops: { items: { properties: { at: { date: true } } } },
        byDay: { values: { date: true } },
        pair: { prefixItems: [null, { date: true }], items: { date: true } },
      },
    }) as Record<string, unknown>;
    expect(revived).toEqual({
      due: new Date("2026-01-02T03:04:05Z"),
      note: "2026-01-02T03:04:05Z",
      stops: [{ at: new Date("2026-02-01T00:00:00Z") }, { at: null }],
      byDay: { mon: new Date("2026-03-02T00:00:00Z") },
      pair: ["keep", new Date("2026-04-01T00:00:00Z"), new Date("2026-04-02T00:00:00Z")],
    });
    // The arguments as validated are left as they were (a middleware may hold them).
    expect(args.due).toBe("2026-01-02T03:04:05Z");
    expect(args.stops[0]!.at).toBe("2026-02-01T00:00:00Z");
  });
});

describe.each(["legacy", "2026-07-28"] as const)("a tool with a date plan (%s)", (era) => {
  it("checks the text against the schema, then hands the handler a Date", async () => {
    const seen: unknown[] = [];
    const app = server({ name: "dates", version: "1.0.0" }).tool(
      "remind",
      {
        description: "Sets a reminder.",
        input: {
          type: "object",
          properties: { at: { type: "string", format: "date-time" } },
          required: ["at"],
        },
        dates: { properties: { at: { date: true } } },
      },
      (args) => {
        seen.push(args.at);
        return { at: (args.at as Date).toISOString() };
      },
    );
    const client = await createTestClient(app, { era });
    try {
      const result = await client.callTool({ name: "remind", arguments: { at: "2026-12-24T18:00:00+01:00" } });
      expect(result.structuredContent).toEqual({ at: "2026-12-24T17:00:00.000Z" });
      expect(seen).toEqual([new Date("2026-12-24T17:00:00Z")]);
      const refused = await client.callTool({ name: "remind", arguments: { at: "next tuesday" } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toMatch(/at: must match format \\"date-time\\"/);
      expect(seen).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});
