import { describe, expect, it } from "vitest";
import { CodegenError } from "../errors.js";
import { HASH_LENGTH } from "./hash.js";
import { safeToolName, toolNamePattern, uniqueToolNames } from "./tool-name.js";

const SAFE = toolNamePattern();

describe("safeToolName", () => {
  it("returns names that already fit unchanged", () => {
    for (const name of ["listPets", "get_user", "search-issues", "_private", "A", "x".repeat(64)]) {
      expect(safeToolName(name)).toBe(name);
    }
  });

  it("turns method and path into a readable name", () => {
    expect(safeToolName("GET /repos/{owner}/{repo}")).toBe("GET_repos_owner_repo");
    expect(safeToolName("DELETE /pets/{petId}/")).toBe("DELETE_pets_petId");
    expect(safeToolName("users.list")).toBe("users_list");
    expect(safeToolName("  spaced   out  ")).toBe("spaced_out");
    expect(safeToolName("a - b")).toBe("a_b");
  });

  it("drops accents and spells common Latin letters in ASCII", () => {
    expect(safeToolName("café_crème")).toBe("cafe_creme");
    expect(safeToolName("Straße")).toBe("Strasse");
    expect(safeToolName("Łódź øst")).toBe("Lodz_ost");
  });

  it("gives names with nothing readable a stable hashed name", () => {
    const name = safeToolName("天気予報");
    expect(name).toMatch(new RegExp(`^tool_[0-9a-f]{${HASH_LENGTH}}$`));
    expect(safeToolName("天気予報")).toBe(name);
    expect(safeToolName("🚀")).not.toBe(name);
    expect(safeToolName("weather 天気")).toBe("weather");
  });

  it("puts an underscore before a leading digit", () => {
    expect(safeToolName("2fa-verify")).toBe("_2fa-verify");
    expect(safeToolName("404 handler")).toBe("_404_handler");
  });

  it("shortens long names predictably to the limit with a hash suffix", () => {
    const raw = `get_${"very_long_segment_".repeat(6)}end`;
    const name = safeToolName(raw);
    expect(name).toHaveLength(64);
    expect(name).toMatch(SAFE);
    expect(name.startsWith(raw.slice(0, 50))).toBe(true);
    expect(name).toMatch(new RegExp(`_[0-9a-f]{${HASH_LENGTH}}$`));
    expect(safeToolName(raw)).toBe(name);
    expect(safeToolName(`${raw}x`)).not.toBe(name);
  });

  it("honours a smaller maximum and never leaves a dangling separator before the hash", () => {
    const name = safeToolName("repos/list-for-authenticated-user", { maxLength: 20 });
    expect(name.length).toBeLessThanOrEqual(20);
    expect(name).toMatch(toolNamePattern(20));
    expect(name).not.toMatch(/[_-]_[0-9a-f]{6}$/);
    expect(safeToolName("exactly_twenty_chars", { maxLength: 20 })).toBe("exactly_twenty_chars");
  });

  it("keeps a leading underscore when a valid name is only too long", () => {
    const name = safeToolName(`_${"a".repeat(80)}`);
    expect(name.startsWith("_aaa")).toBe(true);
    expect(name).toMatch(SAFE);
  });

  it("is idempotent and always matches the pattern", () => {
    const raws = ["", "-", "___", "1", "GET /", "x".repeat(200), "ünïcödé/ßtraße", "a.b.c", "名前", "\n\t"];
    for (const raw of raws) {
      const name = safeToolName(raw);
      expect(name, raw).toMatch(SAFE);
      expect(safeToolName(name)).toBe(name);
    }
  });

  it("rejects a maximum outside what clients and the protocol allow", () => {
    expect(() => safeToolName("x", { maxLength: 5 })).toThrow(CodegenError);
    expect(() => safeToolName("x", { maxLength: 129 })).toThrow(/maxLength must be an integer from 12 to 128/);
    expect(() => safeToolName("x", { maxLength: 30.5 })).toThrow(CodegenError);
  });
});

describe("uniqueToolNames", () => {
  it("leaves distinct names alone and keeps the input order", () => {
    expect(uniqueToolNames(["b", "a", "GET /x"])).toEqual(["b", "a", "GET_x"]);
  });

  it("lets the first of a collision keep its name and suffixes the others by their raw string", () => {
    const names = uniqueToolNames(["users.list", "users/list", "users list"]);
    expect(names[0]).toBe("users_list");
    expect(names[1]).toMatch(/^users_list_[0-9a-f]{6}$/);
    expect(names[2]).toMatch(/^users_list_[0-9a-f]{6}$/);
    expect(new Set(names).size).toBe(3);
    // Adding a tool at the end renames nothing that existed.
    expect(uniqueToolNames(["users.list", "users/list", "users list", "users-list!"]).slice(0, 3)).toEqual(names);
  });

  it("treats names differing only in case as colliding", () => {
    const [first, second] = uniqueToolNames(["getUser", "GetUser"]);
    expect(first).toBe("getUser");
    expect(second).toMatch(/^GetUser_[0-9a-f]{6}$/);
  });

  it("separates identical raw strings deterministically", () => {
    const names = uniqueToolNames(["dup", "dup", "dup"]);
    expect(new Set(names).size).toBe(3);
    expect(uniqueToolNames(["dup", "dup", "dup"])).toEqual(names);
  });

  it("does not let a suffixed name take a name that comes later in the list", () => {
    const first = uniqueToolNames(["a.b", "a/b"]);
    const names = uniqueToolNames(["a.b", "a/b", first[1]!]);
    expect(names[2]).toBe(first[1]);
    expect(new Set(names).size).toBe(3);
  });

  it("keeps shortened colliding names within the limit", () => {
    const long = "x".repeat(100);
    const names = uniqueToolNames([`${long}.a`, `${long}/a`, `${long} a`], { maxLength: 32 });
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name).toMatch(toolNamePattern(32));
  });
});
