import type { AuthInfo } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { authContextOf, mayUse, missingScopes, principalOf, scopeCovers } from "./auth.js";

const info = (scopes: string[], extra?: Record<string, unknown>): AuthInfo => ({
  token: "t",
  clientId: "app",
  scopes,
  ...(extra && { extra }),
});

describe("scope hierarchy", () => {
  it.each([
    ["repo", "repo", true],
    ["repo", "repo:read", true],
    ["repo", "repo:read:issues", true],
    ["repo:read", "repo:read", true],
    ["repo:read", "repo", false],
    ["repo:read", "repo:write", false],
    ["rep", "repo", false],
    ["rep", "repo:read", false],
    ["repo:", "repo:read", false],
  ])("%s covers %s: %s", (granted, required, covers) => {
    expect(scopeCovers(granted, required)).toBe(covers);
  });

  it("lists what no granted scope covers, in the order required", () => {
    expect(missingScopes(["repo", "admin:read"], ["repo:write", "admin", "admin:read:x", "billing"])).toEqual([
      "admin",
      "billing",
    ]);
  });

  it("checks nothing without authentication, and nothing that needs no scope", () => {
    expect(mayUse(undefined, ["admin"])).toBe(true);
    expect(mayUse(info([]), undefined)).toBe(true);
    expect(mayUse(info([]), [])).toBe(true);
    expect(mayUse(info(["repo"]), ["repo:read", "admin"])).toBe(false);
  });
});

describe("who owns what a caller starts", () => {
  it("is the subject within its client: two users of one client differ, and so do two clients of one user", () => {
    const alice = principalOf(info([], { subject: "alice" }));
    expect(alice).not.toBe(principalOf(info([], { subject: "bob" })));
    expect(alice).not.toBe(principalOf({ ...info([], { subject: "alice" }), clientId: "other-app" }));
    expect(principalOf(info([]))).toBe("app");
    expect(principalOf(undefined)).toBeUndefined();
  });

  it("hands handlers the caller without the raw token", () => {
    const auth = authContextOf({ ...info(["a"], { subject: "s", method: "jwt", claims: { iss: "x" } }), expiresAt: 9 });
    expect(auth).toEqual({
      subject: "s",
      clientId: "app",
      scopes: ["a"],
      expiresAt: 9,
      method: "jwt",
      claims: { iss: "x" },
    });
    expect(JSON.stringify(auth)).not.toContain('"t"');
  });
});
