import type { ts } from "ts-morph";
import type { JsonSchema } from "../../ir/types.js";
import { problemAt, type TypeSchemaProblem } from "./type-schema-error.js";

/**
 * What lives across every schema of one run (one program): its type checker, the problems found so far, and the
 * schemas of closed types by type id. Type ids are per program, so a context is dropped when the program changes.
 */
export interface SchemaContext {
  readonly checker: ts.TypeChecker;
  readonly problems: TypeSchemaProblem[];
  readonly cache: Map<number, JsonSchema>;
}

export function createSchemaContext(checker: ts.TypeChecker): SchemaContext {
  return { checker, problems: [], cache: new Map() };
}

/** A type on the way down the current root: its `$defs` name, and whether something referred back to it. */
interface Open {
  name: string;
  referenced: boolean;
}

/** The work of one root schema: its `$defs`, the named types open on the way down, and the depth. */
export class RootState {
  readonly defs = new Map<string, JsonSchema>();
  /** Type id -> `$defs` name, for recursive types already placed in `$defs`. */
  readonly defined = new Map<number, string>();
  readonly open = new Map<number, Open>();
  /** Counts `$ref`s made: a schema built while this moved refers to the root's `$defs` and is not cached. */
  refs = 0;
  depth = 0;
  readonly context: SchemaContext;

  constructor(context: SchemaContext) {
    this.context = context;
  }

  problem(node: ts.Node, path: string, message: string): JsonSchema {
    this.context.problems.push(problemAt(node, path, message));
    return {};
  }

  /** A `$defs` name for a type, unique within the root (`Tree`, then `Tree2` for another type named Tree). */
  defName(base: string): string {
    const taken = new Set([...this.defs.keys(), ...[...this.open.values()].map((open) => open.name)]);
    const clean = base.replace(/[^A-Za-z0-9_.-]/g, "_") || "Type";
    if (!taken.has(clean)) return clean;
    let n = 2;
    while (taken.has(`${clean}${n}`)) n += 1;
    return `${clean}${n}`;
  }
}

/** The compiler's id of a type: stable within one program, and what the cache is keyed by. */
export function typeId(type: ts.Type): number {
  return (type as ts.Type & { id: number }).id;
}
