import { ToolError } from "../results/tool-error.js";
import { nearestMatches } from "../text.js";
import { type Operation, summaryOf } from "./catalog.js";

/** What a search result says about one operation: enough to pick it, not its schema (that is `describe_operation`). */
export interface SearchHit {
  name: string;
  summary: string;
  group?: string;
}

export interface SearchPage {
  /** How many operations match in all (every page). */
  total: number;
  operations: SearchHit[];
  /** Pass back as `cursor` (with the same query and group) for the next page; absent on the last page. */
  nextCursor?: string;
}

export interface SearchRequest {
  query?: string;
  group?: string;
  cursor?: string;
  limit: number;
}

// Words that would match nearly every description and only blur the ranking.
const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "all",
  "by",
  "for",
  "from",
  "in",
  "is",
  "my",
  "of",
  "on",
  "or",
  "the",
  "to",
  "with",
]);

// Where a term was found weighs in the ranking: a hit in the name or the summary line says more than one somewhere
// in a long description.
const WEIGHTS = { name: 4, summary: 3, group: 2, keywords: 2, description: 1 } as const;
type Field = keyof typeof WEIGHTS;

/** `listPetsByTag` and `/pets/{petId}` -> `list pets by tag`, ` pets pet id`: words a query can match. */
export function normalise(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Query terms: normalised words without stop words, in the singular so `repos` also finds `repository`. */
function termsOf(query: string): string[] {
  const words = normalise(query)
    .split(" ")
    .filter((word) => word !== "" && !STOP_WORDS.has(word));
  return [...new Set(words.map(singular))];
}

// Terms match as substrings, so a singular stem finds its plural too (`pet` finds `pets`); only the reverse needs help.
function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

interface Indexed {
  operation: Operation;
  fields: Record<Field, string>;
}

/**
 * Searches a fixed list of operations. The searchable text is normalised once, when the index is built; a
 * search is one pass over it (Microsoft Graph's ten thousand operations included), ranked by how many query terms an
 * operation matches, then by where they matched, then by the list's own order.
 */
export class OperationIndex {
  readonly #entries: Indexed[];

  constructor(operations: readonly Operation[]) {
    this.#entries = operations.map((operation) => ({
      operation,
      fields: {
        name: normalise(operation.name),
        group: normalise(operation.group ?? ""),
        keywords: normalise((operation.keywords ?? []).join(" ")),
        summary: normalise(`${operation.title ?? ""} ${summaryOf(operation.description)}`),
        description: normalise(operation.description),
      },
    }));
  }

  search(request: SearchRequest): SearchPage {
    const terms = termsOf(request.query ?? "");
    const group = request.group?.trim();
    const ranked: { entry: Indexed; matched: number; score: number; order: number }[] = [];
    this.#entries.forEach((entry, order) => {
      if (group && entry.operation.group !== group) return;
      let matched = 0;
      let score = 0;
      for (const term of terms) {
        let best = 0;
        for (const field of Object.keys(WEIGHTS) as Field[]) {
          if (entry.fields[field].includes(term)) best = Math.max(best, WEIGHTS[field]);
        }
        if (best > 0) matched++;
        score += best;
      }
      if (terms.length > 0 && matched === 0) return;
      ranked.push({ entry, matched, score, order });
    });
    ranked.sort((a, b) => b.matched - a.matched || b.score - a.score || a.order - b.order);

    const key = cursorKey(terms, group);
    const offset = request.cursor === undefined ? 0 : readCursor(request.cursor, key);
    const page = ranked.slice(offset, offset + request.limit).map(({ entry: { operation } }) => ({
      name: operation.name,
      summary: summaryOf(operation.description),
      ...(operation.group !== undefined && operation.group !== "" && { group: operation.group }),
    }));
    const next = offset + request.limit;
    return {
      total: ranked.length,
      operations: page,
      ...(next < ranked.length && { nextCursor: writeCursor(next, key) }),
    };
  }

  /** Up to `count` names nearest to a mistyped one (by edit distance), for "did you mean". */
  suggest(name: string, count = 3): string[] {
    return nearestMatches(
      name,
      this.#entries.map(({ operation }) => operation.name),
      count,
    );
  }
}

/** A cursor is only good for the search that made it: the same terms and group. */
function cursorKey(terms: readonly string[], group: string | undefined): string {
  return `${terms.join(" ")}|${group ?? ""}`;
}

function writeCursor(offset: number, key: string): string {
  return Buffer.from(JSON.stringify({ offset, key }), "utf8").toString("base64url");
}

function readCursor(cursor: string, key: string): number {
  let parsed: { offset?: unknown; key?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = {};
  }
  if (typeof parsed.offset !== "number" || !Number.isInteger(parsed.offset) || parsed.offset < 0) {
    throw new ToolError("cursor: not a cursor this server gave out. Search again without a cursor.");
  }
  if (parsed.key !== key) {
    throw new ToolError(
      "cursor: it belongs to a search with another query or group. Pass the same query and group as the search that returned it, or search again without a cursor.",
    );
  }
  return parsed.offset;
}
