/**
 * The transitive closure of schema refs, computed once per strongly connected component (Tarjan, iterative) and
 * shared: in msgraph every entity reaches ~1,350 others through cycles, so a per-tool graph walk costs minutes
 * while shared closures cost seconds. `$defs` objects are cached per set of direct refs and shared (frozen) too.
 */
import type { JsonSchema } from "../../ir/types.js";

export interface DefNode {
  name: string;
  schema: JsonSchema;
  deps: ReadonlySet<string>;
}

export class DefClosures {
  private readonly closures = new Map<string, readonly string[]>();
  private readonly defsByKey = new Map<string, Readonly<Record<string, JsonSchema>>>();

  constructor(private readonly node: (ref: string) => DefNode) {}

  /** The `$defs` for a set of directly used refs: every schema they reach, keys sorted by name. */
  defsFor(direct: ReadonlySet<string>): Readonly<Record<string, JsonSchema>> | undefined {
    if (direct.size === 0) return undefined;
    const key = [...direct].sort().join("\u0000");
    let defs = this.defsByKey.get(key);
    if (defs === undefined) {
      const refs = new Set<string>();
      for (const ref of direct) for (const reached of this.closure(ref)) refs.add(reached);
      const entries = [...refs].map((ref) => [this.node(ref).name, this.node(ref).schema] as const);
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      defs = Object.freeze(Object.fromEntries(entries));
      this.defsByKey.set(key, defs);
    }
    return defs;
  }

  /** Every ref reachable from `ref`, itself included. */
  closure(ref: string): readonly string[] {
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
    const closure = Object.freeze([...reached]);
    for (const ref of members) this.closures.set(ref, closure);
  }
}
