import { describe, expect, it } from "vitest";
import { toResourceContents } from "./resource-result.js";

describe("toResourceContents", () => {
  it("sends a string as text, with the resource's mime type when it has one", () => {
    expect(toResourceContents("hello://about", "text/markdown", "# hi")).toEqual([
      { uri: "hello://about", mimeType: "text/markdown", text: "# hi" },
    ]);
    expect(toResourceContents("hello://about", undefined, "plain")).toEqual([{ uri: "hello://about", text: "plain" }]);
  });

  it("sends bytes as a base64 blob, octet-stream unless the resource names a type", () => {
    const bytes = new Uint8Array([0, 1, 2, 253, 254, 255]);
    expect(toResourceContents("bin://x", undefined, bytes)).toEqual([
      { uri: "bin://x", mimeType: "application/octet-stream", blob: "AAEC/f7/" },
    ]);
    expect(toResourceContents("bin://x", "image/png", bytes)).toEqual([
      { uri: "bin://x", mimeType: "image/png", blob: "AAEC/f7/" },
    ]);
  });

  it("accepts a Buffer, an ArrayBuffer and a view into a larger buffer", () => {
    expect(toResourceContents("bin://b", undefined, Buffer.from("hi"))[0]).toMatchObject({ blob: "aGk=" });
    expect(toResourceContents("bin://a", undefined, new Uint8Array([104, 105]).buffer)[0]).toMatchObject({
      blob: "aGk=",
    });
    const view = new Uint8Array([0, 0, 104, 105, 0]).subarray(2, 4);
    expect(toResourceContents("bin://v", undefined, view)[0]).toMatchObject({ blob: "aGk=" });
  });

  it("sends any other value as JSON text, application/json unless the resource names a type", () => {
    expect(toResourceContents("data://stats", undefined, { count: 3, list: [1, 2] })).toEqual([
      { uri: "data://stats", mimeType: "application/json", text: '{"count":3,"list":[1,2]}' },
    ]);
    expect(toResourceContents("data://n", "application/vnd.custom+json", 42)).toEqual([
      { uri: "data://n", mimeType: "application/vnd.custom+json", text: "42" },
    ]);
  });

  it("sends undefined and null as JSON null", () => {
    expect(toResourceContents("data://none", undefined, undefined)).toEqual([
      { uri: "data://none", mimeType: "application/json", text: "null" },
    ]);
    expect(toResourceContents("data://none", undefined, null)[0]).toMatchObject({ text: "null" });
  });
});
