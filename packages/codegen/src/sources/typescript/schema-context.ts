import type { ts } from "ts-morph";
import type { JsonSchema } from "../../ir/types.js";
import { compiler } from "./compiler.js";
import type { DeclarationKeys, DeclarationName } from "./declaration-keys.js";
import { problemAt, type TypeSchemaProblem } from "./type-schema-error.js";

const { ObjectFlags, SymbolFlags } = compiler;

/**
 * What lives across every schema of one run (one program): its type checker, the problems found so far, and the
 * schemas of closed types. Type ids are per program, so a context is dropped when the program changes; schemas of
 * interfaces declared in unchanged files can outlive it (`LastingSchemas`).
 */
export interface SchemaContext {
  readonly checker: ts.TypeChecker;
  readonly problems: TypeSchemaProblem[];
  readonly cache: SchemaCache;
}

export function createSchemaContext(checker: ts.TypeChecker, lasting?: LastingSchemas): SchemaContext {
  return { checker, problems: [], cache: new SchemaCache(lasting) };
}

/**
 * Schemas of closed types (converted without a problem or a reference to their root's `$defs`), by type id within
 * the program, and through `lasting` across programs.
 */
export class SchemaCache {
  readonly #byId = new Map<number, JsonSchema>();
  readonly #lasting: LastingSchemas | undefined;

  constructor(lasting?: LastingSchemas) {
    this.#lasting = lasting;
  }

  get(type: ts.Type): JsonSchema | undefined {
    return this.#byId.get(typeId(type)) ?? this.#lasting?.get(type);
  }

  set(type: ts.Type, schema: JsonSchema): void {
    this.#byId.set(typeId(type), schema);
    this.#lasting?.set(type, schema);
  }
}

/**
 * Schemas of non-generic interfaces, kept from one program to the next (`mcpsmith dev`). An unchanged file keeps
 * its parsed and bound `SourceFile`, and with it the binder's symbol of each interface it declares: the same symbol
 * in the next program means the same declarations. Such a schema stays right as long as nothing it was derived
 * from changed: the declaring files and the modules they import, directly or not, and the global scope (the
 * extractor forgets everything when a change may reach it, or files come and go). A symbol the checker merged
 * (declaration merging across files) is new in every program, so it is never found again.
 *
 * The schemas of interfaces declared in the files a change reaches (the edited ones and their importers) are
 * retired instead: kept for the next program by declaring module and name, and found again by that declaration
 * in the next program when its content key (declaration-keys.ts) is the one it had, as most of an edited module's
 * are. A retired key is computed only when asked for.
 */
export class LastingSchemas {
  readonly #bySymbol = new Map<ts.Symbol, { schema: JsonSchema; files: readonly string[] }>();
  /** Retired schemas, by module and name, with their key in the program they were derived in. */
  #retired = new Map<string, { schema: JsonSchema; key: () => string | undefined }>();
  /** The keys of the current program's declarations, once a change retired schemas. */
  #keys: DeclarationKeys | undefined;

  get(type: ts.Type): JsonSchema | undefined {
    const symbol = lastingSymbolOf(type);
    if (symbol === undefined) return undefined;
    const kept = this.#bySymbol.get(symbol)?.schema;
    if (kept !== undefined || this.#retired.size === 0 || this.#keys === undefined) return kept;
    const declaration = this.#keys.nameOf(symbol);
    if (declaration === undefined) return undefined;
    const retired = this.#retired.get(idOf(declaration));
    const key = retired?.key();
    if (retired === undefined || key === undefined || key !== this.#keys.keyOf(declaration)) return undefined;
    this.set(type, retired.schema);
    return retired.schema;
  }

  set(type: ts.Type, schema: JsonSchema): void {
    const symbol = lastingSymbolOf(type);
    if (symbol === undefined) return;
    const files = (symbol.declarations ?? []).map((declaration) => declaration.getSourceFile().fileName);
    this.#bySymbol.set(symbol, { schema, files });
  }

  /**
   * Before a change, in the program it changes: retires the schemas declared in any of `files`, with `keys` (that
   * program's) to tell their keys by. Those retired before and not found again since stay retired, their keys
   * computed now (nothing then holds on to the files of the program they were derived in).
   */
  retire(files: ReadonlySet<string>, keys: DeclarationKeys): void {
    const earlier = this.#retired;
    this.#retired = new Map();
    this.#keys = undefined;
    for (const [id, { schema, key }] of earlier) {
      const known = key();
      if (known !== undefined) this.#retired.set(id, { schema, key: () => known });
    }
    for (const [symbol, { schema, files: declaredIn }] of this.#bySymbol) {
      if (!declaredIn.some((file) => files.has(file))) continue;
      this.#bySymbol.delete(symbol);
      const declaration = keys.nameOf(symbol);
      if (declaration !== undefined)
        this.#retired.set(idOf(declaration), { schema, key: () => keys.keyOf(declaration) });
    }
  }

  /** After the change: the new program's keys, to find retired schemas by. */
  useKeys(keys: DeclarationKeys): void {
    this.#keys = keys;
  }

  clear(): void {
    this.#bySymbol.clear();
    this.#retired.clear();
    this.#keys = undefined;
  }
}

function idOf({ file, name }: DeclarationName): string {
  return `${file.fileName}\0${name}`;
}

/**
 * The symbol of the declared type of a non-generic interface: that type is the only one with this symbol (a
 * generic interface's instantiations share theirs, and so do other kinds of types their declaration).
 */
function lastingSymbolOf(type: ts.Type): ts.Symbol | undefined {
  const symbol: ts.Symbol | undefined = type.symbol;
  if (symbol === undefined || !(symbol.flags & SymbolFlags.Interface) || symbol.flags & SymbolFlags.Class) {
    return undefined;
  }
  if (!((type as ts.ObjectType).objectFlags & ObjectFlags.Interface)) return undefined;
  return (type as ts.InterfaceType).typeParameters === undefined ? symbol : undefined;
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
