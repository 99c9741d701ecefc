/**
 * Names of the tool's argument properties. Wire names are kept when they are safe property keys
 * (`^[A-Za-z0-9_.-]{1,64}$`, what Anthropic's API accepts); others are cleaned (`$top` -> `top`,
 * `filter[name]` -> `filter_name`). Collisions are resolved in a fixed order: path, then query, header and cookie
 * parameters (spec order within each), then the body. The first keeps the name; a later parameter gets its location
 * in front (`query_id`), then a number (`query_id_2`); the body is `body`, else `requestBody`, else `body_2`, ...
 */
import type { ParameterLocation } from "@mcpsmith/runtime/http";

const SAFE_KEY = /^[A-Za-z0-9_.-]{1,64}$/;
const MAX_KEY_LENGTH = 64;

export const LOCATION_ORDER: readonly ParameterLocation[] = ["path", "query", "querystring", "header", "cookie"];

export function safeArgumentName(wireName: string): string {
  if (SAFE_KEY.test(wireName)) return wireName;
  const cleaned = wireName
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^A-Za-z0-9_.-]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, MAX_KEY_LENGTH);
  return cleaned === "" ? "value" : cleaned;
}

export class ArgumentNames {
  private readonly taken = new Set<string>();

  parameter(wireName: string, location: ParameterLocation): string {
    const base = safeArgumentName(wireName);
    return this.claim([base, safeArgumentName(`${location}_${base}`)]);
  }

  body(): string {
    return this.claim(["body", "requestBody"]);
  }

  private claim(candidates: string[]): string {
    for (const candidate of candidates) {
      if (!this.taken.has(candidate)) {
        this.taken.add(candidate);
        return candidate;
      }
    }
    const last = candidates[candidates.length - 1] === "requestBody" ? "body" : candidates[candidates.length - 1]!;
    for (let counter = 2; ; counter++) {
      const candidate = `${last}_${counter}`;
      if (!this.taken.has(candidate)) {
        this.taken.add(candidate);
        return candidate;
      }
    }
  }
}
