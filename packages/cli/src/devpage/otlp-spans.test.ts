import { describe, expect, it } from "vitest";
import { spansOfExport } from "./otlp-spans.js";

const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const attribute = (key: string, value: object) => ({ key, value });

describe("spansOfExport", () => {
  it("reads HTTP, SQL and server spans of an OTLP/JSON export", () => {
    const spans = spansOfExport({
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                {
                  traceId: TRACE,
                  spanId: "00f067aa0ba902b7",
                  name: "tools/call getPetById",
                  kind: 2,
                  startTimeUnixNano: "1700000000000000000",
                  endTimeUnixNano: "1700000000012000000",
                  attributes: [attribute("mcp.method.name", { stringValue: "tools/call" })],
                  status: { code: 2, message: "tool_error" },
                },
                {
                  traceId: TRACE,
                  spanId: "b7ad6b7169203331",
                  parentSpanId: "00f067aa0ba902b7",
                  name: "GET",
                  kind: 3,
                  startTimeUnixNano: 1700000000001000000,
                  endTimeUnixNano: 1700000000011000000,
                  attributes: [
                    attribute("http.request.method", { stringValue: "GET" }),
                    attribute("url.full", { stringValue: "http://127.0.0.1:1/pet/7" }),
                    attribute("http.response.status_code", { intValue: "404" }),
                  ],
                },
                {
                  traceId: TRACE,
                  spanId: "c7ad6b7169203331",
                  name: "SELECT notes",
                  kind: 3,
                  attributes: [
                    attribute("db.system.name", { stringValue: "sqlite" }),
                    attribute("db.query.text", { stringValue: "SELECT * FROM notes WHERE id = ?" }),
                  ],
                },
                { traceId: TRACE, name: "no span id" },
              ],
            },
          ],
        },
      ],
    });
    expect(spans).toHaveLength(3);
    expect(spans[0]).toMatchObject({ kind: "server", status: "error", statusMessage: "tool_error", durationMs: 12 });
    expect(spans[1]).toMatchObject({
      kind: "http",
      parentSpanId: "00f067aa0ba902b7",
      http: { method: "GET", url: "http://127.0.0.1:1/pet/7", status: 404 },
    });
    expect(spans[2]).toMatchObject({
      kind: "sql",
      sql: { system: "sqlite", text: "SELECT * FROM notes WHERE id = ?" },
    });
  });

  it("skips what is not an export", () => {
    expect(spansOfExport(null)).toEqual([]);
    expect(spansOfExport({ resourceSpans: "x" })).toEqual([]);
    expect(spansOfExport({ resourceSpans: [{ scopeSpans: [{ spans: [42, null] }] }] })).toEqual([]);
  });
});
