import { describe, expect, it } from "vitest";
import { editDistance, nearestMatches, thousands } from "./text.js";

describe("editDistance", () => {
  it("counts insertions, deletions and substitutions", () => {
    expect(editDistance("", "")).toBe(0);
    expect(editDistance("list", "list")).toBe(0);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("listPet", "listPets")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });
});

describe("nearestMatches", () => {
  const names = ["listPets", "getPet", "deletePet", "listStores"];

  it("gives the nearest names first, ignoring case, ties in the candidates' order", () => {
    expect(nearestMatches("LISTPET", names, 3)).toEqual(["listPets"]);
    expect(nearestMatches("getPets", names, 3)).toEqual(["getPet"]);
    expect(nearestMatches("xetPet", ["setPet", "getPet"], 2)).toEqual(["setPet", "getPet"]);
  });

  it("leaves out names too far to be a typo: more than 2 edits and a third of the input", () => {
    expect(nearestMatches("zzz", names, 3)).toEqual([]);
    expect(nearestMatches("lst", ["list"], 1)).toEqual(["list"]);
    expect(nearestMatches("abcdefghi", ["abcdefxyz"], 1)).toEqual(["abcdefxyz"]);
    expect(nearestMatches("abcdefghi", ["abcdewxyz"], 1)).toEqual([]);
  });

  it("gives at most `count` names", () => {
    expect(nearestMatches("pet", ["pat", "pit", "put"], 2)).toEqual(["pat", "pit"]);
  });
});

describe("thousands", () => {
  it("groups digits as en-US does", () => {
    for (const count of [0, 7, 999, 1000, 1186, 25_000, 1_234_567]) {
      expect(thousands(count)).toBe(count.toLocaleString("en-US"));
    }
  });
});
