/**
 * A member computed on first read, through an accessor every object that has it shares: `read` gets the state the
 * object holds under `key`. Not a getter written in each object's literal: that is a new function per object, which
 * V8 keeps in a map of its own in old space, so each request's object, and all it reached, outlived the young
 * generation's collections until a full one (docs/performance.md measured it). The member is own and enumerable, so
 * a spread copy holds its value.
 */
export function sharedAccessor<State, Value>(key: symbol, read: (state: State) => Value): PropertyDescriptor {
  return {
    get(this: { readonly [key: symbol]: State }) {
      return read(this[key] as State);
    },
    enumerable: true,
    configurable: true,
  };
}
