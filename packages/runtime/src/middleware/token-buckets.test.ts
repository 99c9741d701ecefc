import { describe, expect, it } from "vitest";
import { TokenBuckets } from "./token-buckets.js";

describe("TokenBuckets", () => {
  it("allows a burst, then says how long until the next token", () => {
    const buckets = new TokenBuckets(2, 3);
    expect([0, 0, 0].map(() => buckets.take("a", 0))).toEqual([0, 0, 0]);
    expect(buckets.take("a", 0)).toBe(500);
    expect(buckets.take("a", 250)).toBe(250);
    expect(buckets.take("a", 500)).toBe(0);
  });

  it("keeps keys apart and refills up to the burst only", () => {
    const buckets = new TokenBuckets(1, 2);
    buckets.take("a", 0);
    buckets.take("a", 0);
    expect(buckets.take("b", 0)).toBe(0);
    // Ten seconds later "a" has two tokens again, not ten.
    expect([buckets.take("a", 10_000), buckets.take("a", 10_000), buckets.take("a", 10_000)]).toEqual([0, 0, 1000]);
  });

  it("forgets refilled keys once it holds maxKeys, and then the oldest", () => {
    const buckets = new TokenBuckets(1, 1, 2);
    buckets.take("a", 0);
    buckets.take("b", 0);
    // At 5 s both are full again and forgotten; "c" takes a place.
    expect(buckets.take("c", 5_000)).toBe(0);
    expect(buckets.take("d", 5_000)).toBe(0);
    // "c" and "d" are both empty: the oldest ("c") goes, and comes back with a full bucket.
    expect(buckets.take("e", 5_000)).toBe(0);
    expect(buckets.take("c", 5_000)).toBe(0);
  });
});
