import { describe, expect, it } from "vitest";
import { decideAfterCompile } from "./restart-policy.js";

const idle = { running: true, switching: false };
const nothing = { running: false, switching: false };

describe("what dev does after a compile", () => {
  it("ignores a compile whose generated server was rewritten since (the next compile counts)", () => {
    expect(decideAfterCompile(0, "rewritten", idle)).toEqual({ action: "stale" });
    expect(decideAfterCompile(3, "rewritten", nothing)).toEqual({ action: "stale" });
  });

  it("restarts on a clean build", () => {
    expect(decideAfterCompile(0, "current", idle)).toEqual({ action: "restart" });
    expect(decideAfterCompile(0, "current", nothing)).toEqual({ action: "restart" });
  });

  it("keeps the running server after a failed generation, and starts the last generated build when none runs", () => {
    expect(decideAfterCompile(0, "failed", idle)).toEqual({ action: "keep", answerWaiting: false });
    expect(decideAfterCompile(0, "failed", { running: false, switching: true })).toEqual({
      action: "keep",
      answerWaiting: false,
    });
    expect(decideAfterCompile(0, "failed", nothing)).toEqual({ action: "restart" });
  });

  it("keeps the last good build through type errors, answering waiting requests when there is none", () => {
    expect(decideAfterCompile(2, "current", idle)).toEqual({ action: "keep", answerWaiting: false });
    expect(decideAfterCompile(2, "current", nothing)).toEqual({ action: "keep", answerWaiting: true });
  });
});
