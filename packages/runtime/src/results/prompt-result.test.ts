import { describe, expect, it } from "vitest";
import { embedded, image } from "./content.js";
import { toPromptResult } from "./prompt-result.js";

describe("toPromptResult", () => {
  it("turns a string into one user text message, with the prompt's description", () => {
    expect(toPromptResult("Summarise the weather.", "Weather brief")).toEqual({
      description: "Weather brief",
      messages: [{ role: "user", content: { type: "text", text: "Summarise the weather." } }],
    });
  });

  it("leaves the description out when the prompt has none", () => {
    expect(toPromptResult("Hi", undefined)).toEqual({
      messages: [{ role: "user", content: { type: "text", text: "Hi" } }],
    });
  });

  it("turns a content helper into one user message carrying it", () => {
    expect(toPromptResult(image("AAAA", "image/png"), undefined)).toEqual({
      messages: [{ role: "user", content: { type: "image", data: "AAAA", mimeType: "image/png" } }],
    });
  });

  it("turns an array into one message per item, passing { role, content } messages through", () => {
    const result = toPromptResult(
      [
        "First, read this:",
        embedded("memo://1", "the memo"),
        { role: "assistant", content: { type: "text", text: "Understood." } },
        "Now answer.",
      ],
      "Mixed",
    );
    expect(result).toEqual({
      description: "Mixed",
      messages: [
        { role: "user", content: { type: "text", text: "First, read this:" } },
        {
          role: "user",
          content: { type: "resource", resource: { uri: "memo://1", mimeType: "text/plain", text: "the memo" } },
        },
        { role: "assistant", content: { type: "text", text: "Understood." } },
        { role: "user", content: { type: "text", text: "Now answer." } },
      ],
    });
  });

  it("passes a full { messages, description } result through as given", () => {
    const full = {
      description: "Own description",
      messages: [{ role: "assistant" as const, content: { type: "text" as const, text: "Hello" } }],
    };
    expect(toPromptResult(full, "Ignored")).toBe(full);
  });

  it.each([
    ["a number", 42],
    ["a plain object", { text: "hi" }],
    ["undefined", undefined],
  ])("refuses %s with a message saying what a prompt may return", (_what, value) => {
    expect(() => toPromptResult(value, undefined)).toThrow(
      "a prompt returns a string, content helpers, { role, content } messages or { messages }",
    );
  });
});
