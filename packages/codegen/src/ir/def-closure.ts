/**
 * The transitive closure of schema refs, computed once per strongly connected component (Tarjan, iterative) and
 * shared: where every entity reaches most others through cycles (Microsoft Graph), a graph walk per tool repeats
 * the same walk for every tool, while shared closures walk each component once.
 *
 * A tool schema's `$defs` (every schema its direct refs reach, keys sorted by name) is attached lazily: the object
 * is built when first read and shared (frozen) between the schemas that reach the same refs. The emitter plans a
 * schema from its direct refs and these closures (`lazyDefsOf`) without reading it; what does read it (the samplers
 * of the generated mock and tests, a schema written whole) builds one object per set of refs reached.
 */
import type { JsonSchema } from "./types.js";

export interface DefNode {
  name: string;
  schema: JsonSchema;
  deps: ReadonlySet<string>;
}

type Defs = Readonly<Record<string, JsonSchema>>;

/** What a schema's lazily built `$defs` is made of: the closures of every schema the direct refs reach. */
export interface LazyDefs {
  /** One per converter and schema mode: the same ref always gives the same node (and schema object). */
  readonly closures: DefClosures;
  /** The refs the schema uses outside its `$defs`, as they were when the `$defs` was attached. */
  readonly direct: ReadonlySet<string>;
}

const attached = new WeakMap<object, { read: () => Defs; lazy: LazyDefs }>();

/**
 * How `schema`'s `$defs` is made, without building it; `undefined` when it was not attached by
 * {@link DefClosures.attach} or has since been replaced.
 */
export function lazyDefsOf(schema: object): LazyDefs | undefined {
  const entry = attached.get(schema);
  if (entry === undefined || Object.getOwnPropertyDescriptor(schema, "$defs")?.get !== entry.read) return undefined;
  return entry.lazy;
}

export class DefClosures {
  /** Each ref's closure: one set per strongly connected component, shared by its members. */
  private readonly closures = new Map<string, ReadonlySet<string>>();
  /** A number per closure, in the order components are closed, to name unions of closures by. */
  private readonly closureIds = new Map<ReadonlySet<string>, number>();
  /** `$defs` objects by the refs they hold (see `reachKey`). */
  private readonly defsByReach = new Map<string, Defs>();

  constructor(readonly node: (ref: string) => DefNode) {}

  /**
   * Gives `schema` a `$defs` of everything `direct` reaches (none when `direct` is empty), as an enumerable
   * property in the place a plain assignment would put it, built on first read. Assigning `$defs` replaces it.
   */
  attach(schema: { $defs?: Record<string, JsonSchema> }, direct: ReadonlySet<string>): void {
    if (direct.size === 0) return;
    const refs = new Set(direct);
    let defs: Defs | undefined;
    const read = () => {
      defs ??= this.defsFor(refs);
      return defs;
    };
    Object.defineProperty(schema, "$defs", {
      enumerable: true,
      configurable: true,
      get: read,
      set(value: unknown) {
        Object.defineProperty(this, "$defs", { value, enumerable: true, configurable: true, writable: true });
      },
    });
    attached.set(schema, { read, lazy: { closures: this, direct: refs } });
  }

  /**
   * The `$defs` for a nonempty set of directly used refs: every schema they reach, keys sorted by name. Sets that
   * reach the same refs share one object (in Microsoft Graph, hundreds of distinct sets of direct refs reach a few
   * dozen sets of refs). The order refs are reached in does not matter: the converter gives each ref its own name.
   */
  private defsFor(direct: ReadonlySet<string>): Defs {
    const key = this.reachKey(direct);
    let defs = this.defsByReach.get(key);
    if (defs === undefined) {
      const entries = [...this.reachable(direct)].map((ref) => [this.node(ref).name, this.node(ref).schema] as const);
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      defs = Object.freeze(Object.fromEntries(entries));
      this.defsByReach.set(key, defs);
    }
    return defs;
  }

  /**
   * Names the refs `direct` reaches: the numbers of its refs' closures that no other of them contains, sorted.
   * Closures contain one another as their components reach one another (b's closure holds a exactly when
   * closure(a) is part of it), so what `direct` reaches is the union of those closures: equal keys, equal refs.
   */
  private reachKey(direct: ReadonlySet<string>): string {
    const distinct = new Map<ReadonlySet<string>, string>();
    for (const ref of direct) {
      const closure = this.closure(ref);
      if (!distinct.has(closure)) distinct.set(closure, ref);
    }
    const ids: number[] = [];
    for (const [closure, ref] of distinct) {
      const contained = [...distinct.keys()].some((other) => other !== closure && other.has(ref));
      if (!contained) ids.push(this.closureIds.get(closure)!);
    }
    return ids.sort((a, b) => a - b).join(",");
  }

  /**
   * Every ref reachable from `refs`, themselves included: the union of their closures, in the order they are
   * first reached. A ref already reached is skipped, its closure being in already.
   */
  reachable(refs: Iterable<string>): Set<string> {
    const reached = new Set<string>();
    for (const ref of refs) {
      if (reached.has(ref)) continue;
      for (const far of this.closure(ref)) reached.add(far);
    }
    return reached;
  }

  /** Every ref reachable from `ref`, itself included. */
  closure(ref: string): ReadonlySet<string> {
    const known = this.closures.get(ref);
    if (known) return known;
    this.tarjan(ref);
    return this.closures.get(ref)!;
  }

  private tarjan(start: string): void {
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const frames: { ref: string; deps: Iterator<string> }[] = [];
    let counter = 0;
    const enter = (ref: string) => {
      index.set(ref, counter);
      low.set(ref, counter);
      counter++;
      stack.push(ref);
      onStack.add(ref);
      frames.push({ ref, deps: this.node(ref).deps.values() });
    };
    enter(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const next = frame.deps.next();
      if (!next.done) {
        const dep = next.value;
        if (this.closures.has(dep)) continue;
        if (!index.has(dep)) enter(dep);
        else if (onStack.has(dep)) low.set(frame.ref, Math.min(low.get(frame.ref)!, index.get(dep)!));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.ref, Math.min(low.get(parent.ref)!, low.get(frame.ref)!));
      if (low.get(frame.ref) === index.get(frame.ref)) this.closeComponent(frame.ref, stack, onStack);
    }
  }

  /** Pops one component off the stack; its closure is its members plus the closures of what they point to. */
  private closeComponent(root: string, stack: string[], onStack: Set<string>): void {
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== root);
    const reached = new Set(members);
    for (const ref of members) {
      for (const dep of this.node(ref).deps) {
        if (reached.has(dep)) continue;
        for (const far of this.closures.get(dep) ?? [dep]) reached.add(far);
      }
    }
    this.closureIds.set(reached, this.closureIds.size);
    for (const ref of members) this.closures.set(ref, reached);
  }
}
