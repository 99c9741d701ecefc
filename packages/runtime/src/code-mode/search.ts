import { summaryOf } from "../discovery/catalog.js";
import { OperationIndex } from "../discovery/search.js";
import { type ApiEntry, INPUT_REFUSAL } from "./catalog.js";
import { type ApiDeclarations, accessorOf } from "./declarations/api-file.js";
import { MAX_SEARCH_LIMIT } from "./tools.js";

// The declarations a search answers with are cut here (about 6,000 tokens): the types of a few GitHub operations
// alone can be larger, and the whole file stays one resource read away.
const SLICE_MAX_CHARS = 24_000;

export interface FoundFunction {
  name: string;
  call: string;
  summary: string;
  group?: string;
  notCallable?: string;
}

export interface SearchAnswer {
  total: number;
  functions: FoundFunction[];
  declarations: string;
  note?: string;
}

/**
 * `search_api`: the functions that match the query, best first (the discovery index ranks them: name, summary,
 * group, keywords), each with how to call it, and the TypeScript declarations of those functions and every type they
 * use, as one text.
 */
export class ApiSearch {
  readonly #index: OperationIndex;
  readonly #entries: ReadonlyMap<string, ApiEntry>;
  readonly #declarations: ApiDeclarations;
  readonly #asksForInput: ReadonlySet<string>;
  readonly #defaultLimit: number;
  readonly #resourceUri: string;

  constructor(
    entries: readonly ApiEntry[],
    declarations: ApiDeclarations,
    asksForInput: ReadonlySet<string>,
    defaultLimit: number,
    resourceUri: string,
  ) {
    this.#entries = new Map(entries.map((entry) => [entry.name, entry]));
    this.#index = new OperationIndex(
      entries.map((entry) => ({
        name: entry.name,
        description: entry.description,
        inputSchema: entry.tool.input.json,
        ...(entry.group !== undefined && { group: entry.group }),
        ...(entry.keywords !== undefined && { keywords: entry.keywords }),
        handler: () => undefined,
      })),
    );
    this.#declarations = declarations;
    this.#asksForInput = asksForInput;
    this.#defaultLimit = defaultLimit;
    this.#resourceUri = resourceUri;
  }

  /** The best matches the caller may call (`mayCall`: its scopes cover the tool's), as tools mode lists them. */
  answer(query: string, limit: number | undefined, mayCall: (entry: ApiEntry) => boolean): SearchAnswer {
    const wanted = Math.min(limit ?? this.#defaultLimit, MAX_SEARCH_LIMIT);
    const page = this.#index.search({ query, limit: this.#entries.size });
    const allowed = page.operations.filter((hit) => mayCall(this.#entries.get(hit.name)!));
    const names = allowed.slice(0, wanted).map((hit) => hit.name);
    const functions = names.map((name) => {
      const entry = this.#entries.get(name)!;
      const refusal = entry.refusal ?? (this.#asksForInput.has(name) ? INPUT_REFUSAL : undefined);
      return {
        name,
        call: `await ${accessorOf(name)}(args)`,
        summary: summaryOf(entry.description),
        ...(entry.group !== undefined && { group: entry.group }),
        ...(refusal !== undefined && { notCallable: refusal }),
      };
    });
    const { declarations, omittedTypes } = this.#declarations.slice(names, SLICE_MAX_CHARS);
    const more = allowed.length - names.length;
    const notes = [
      ...(more > 0 ? [`${more} more functions match: search with more precise words, or a higher limit.`] : []),
      ...(omittedTypes > 0
        ? [`${omittedTypes} types did not fit here: the resource ${this.#resourceUri} holds every declaration.`]
        : []),
    ];
    return { total: allowed.length, functions, declarations, ...(notes.length > 0 && { note: notes.join(" ") }) };
  }
}

/**
 * The answer as a model reads it best: the calls as comments, then the declarations as TypeScript (not a JSON string
 * of it, every newline and quote escaped). The structured content keeps every field for programs.
 */
export function searchText(answer: SearchAnswer): string {
  const calls = answer.functions.map((fn) => {
    const refusal = fn.notCallable === undefined ? "" : ` (not callable from code: ${fn.notCallable})`;
    return `// ${fn.call}: ${fn.summary}${refusal}`;
  });
  const head = `// ${answer.total} functions match; ${answer.functions.length === answer.total ? "all" : `the best ${answer.functions.length}`} here.`;
  const tail = answer.note === undefined ? [] : [`// ${answer.note}`];
  return [head, ...calls, "", answer.declarations.trimEnd(), ...tail].join("\n");
}
