import * as sdk from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import * as keys from "./meta-keys.js";

describe("the runtime's _meta keys", () => {
  it.each(Object.entries(keys))("%s is the SDK's constant of the same name", (name, value) => {
    expect(value).toBe((sdk as Record<string, unknown>)[name]);
  });
});
