import { createHash } from "node:crypto";

/** Length of the hash suffix added to shortened or colliding names: 6 hex digits, 16.7 million values. */
export const HASH_LENGTH = 6;

/**
 * A short, stable digest of a string: the same input gives the same suffix on every machine and run, so a
 * regenerated project keeps its tool names.
 */
export function shortHash(input: string): string {
  return createHash("sha256").update(input, "utf8").digest("hex").slice(0, HASH_LENGTH);
}
