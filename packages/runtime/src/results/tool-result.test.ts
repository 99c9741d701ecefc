import { describe, expect, it } from "vitest";
import { audio, embedded, image, isContent, resourceLink, text } from "./content.js";
import { errorResult, toToolResult } from "./tool-result.js";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

describe("toToolResult", () => {
  it.each([
    ["undefined", undefined],
    ["null", null],
  ])("turns %s into no content", (_what, value) => {
    expect(toToolResult(value)).toEqual({ content: [] });
  });

  it.each([
    ["a string", "hello", "hello"],
    ["an empty string", "", ""],
    ["a number", 42.5, "42.5"],
    ["zero", 0, "0"],
    ["a boolean", false, "false"],
    ["a bigint", 12345678901234567890n, "12345678901234567890"],
  ])("turns %s into one text block", (_what, value, expected) => {
    expect(toToolResult(value)).toEqual({ content: [{ type: "text", text: expected }] });
  });

  it("turns an object into structuredContent plus the same JSON as text", () => {
    const value = { city: "Oslo", temps: [1, 2], nested: { ok: true } };
    expect(toToolResult(value)).toEqual({
      content: [{ type: "text", text: JSON.stringify(value) }],
      structuredContent: value,
    });
  });

  it("turns an array of plain values into structuredContent too", () => {
    expect(toToolResult([1, "two"])).toEqual({
      content: [{ type: "text", text: '[1,"two"]' }],
      structuredContent: [1, "two"],
    });
    expect(toToolResult([])).toEqual({ content: [{ type: "text", text: "[]" }], structuredContent: [] });
  });

  it("sends exactly the JSON a client will see: dates as strings, undefined members dropped, class instances plain", () => {
    class Point {
      constructor(
        readonly x: number,
        readonly y: number,
      ) {}
      get norm() {
        return Math.hypot(this.x, this.y);
      }
    }
    const when = new Date("2026-07-28T12:00:00.000Z");
    const result = toToolResult({ when, missing: undefined, point: new Point(3, 4) });
    expect(result.structuredContent).toEqual({ when: "2026-07-28T12:00:00.000Z", point: { x: 3, y: 4 } });
    expect(Object.getPrototypeOf(result.structuredContent)).toBe(Object.prototype);
    expect(result.content).toEqual([{ type: "text", text: JSON.stringify(result.structuredContent) }]);
  });

  it("passes one content helper through as the only block", () => {
    const block = image(PNG, "image/png");
    expect(toToolResult(block)).toEqual({ content: [{ type: "image", data: "iVBORw==", mimeType: "image/png" }] });
  });

  it("passes an array of content helpers through in order, without structuredContent", () => {
    const result = toToolResult([
      text("Here is the chart:"),
      image("AAAA", "image/png"),
      audio(new Uint8Array([1, 2, 3]), "audio/wav"),
      resourceLink({ uri: "file:///report.pdf", name: "report", mimeType: "application/pdf" }),
      embedded("memo://1", "remember this"),
      embedded("blob://1", new Uint8Array([255, 0])),
    ]);
    expect(result).toEqual({
      content: [
        { type: "text", text: "Here is the chart:" },
        { type: "image", data: "AAAA", mimeType: "image/png" },
        { type: "audio", data: "AQID", mimeType: "audio/wav" },
        { type: "resource_link", uri: "file:///report.pdf", name: "report", mimeType: "application/pdf" },
        { type: "resource", resource: { uri: "memo://1", mimeType: "text/plain", text: "remember this" } },
        { type: "resource", resource: { uri: "blob://1", mimeType: "application/octet-stream", blob: "/wA=" } },
      ],
    });
    expect(result.structuredContent).toBeUndefined();
  });

  it("treats a look-alike object (not made by a helper) as data, not content", () => {
    const lookalike = { type: "text", text: "hi" };
    expect(isContent(lookalike)).toBe(false);
    expect(toToolResult(lookalike)).toEqual({
      content: [{ type: "text", text: JSON.stringify(lookalike) }],
      structuredContent: lookalike,
    });
  });

  it("treats an array mixing helpers and plain values as data", () => {
    const result = toToolResult([text("a"), 1]);
    expect(result.structuredContent).toEqual([{ type: "text", text: "a" }, 1]);
  });

  it("keeps the helper brand out of the JSON", () => {
    expect(JSON.parse(JSON.stringify(text("x")))).toEqual({ type: "text", text: "x" });
    expect(isContent(text("x"))).toBe(true);
  });

  it("encodes only the viewed part of a byte view", () => {
    const backing = new Uint8Array([9, 9, 1, 2, 3, 9]);
    expect(image(backing.subarray(2, 5), "image/png")).toMatchObject({ data: "AQID" });
  });

  it("lets embedded() take a mime type", () => {
    expect(embedded("data://x", "{}", { mimeType: "application/json" })).toEqual({
      type: "resource",
      resource: { uri: "data://x", mimeType: "application/json", text: "{}" },
    });
  });
});

describe("errorResult", () => {
  it("is an isError result carrying the message as text", () => {
    expect(errorResult("Cannot divide by zero")).toEqual({
      content: [{ type: "text", text: "Cannot divide by zero" }],
      isError: true,
    });
  });
});
