import { ProtocolError } from "../../sdk.js";
import { protocolError } from "../../wire-errors.js";
import type { Hook } from "../hooks.js";
import { reportFailure } from "../report.js";

/**
 * Runs `last` inside the hooks, the first outermost. A hook that returns without calling `next()` answers for
 * everything inside it; calling `next()` twice is a bug and rejects. What `last` (or an inner hook passing it on)
 * throws reaches the hooks unchanged and leaves the chain as it came. Anything else a hook throws is the hook's own
 * failure: a `ProtocolError` is the hook's answer, any other error is logged and answered as an internal error, so
 * a broken hook never sends its error text to the client.
 */
export function runChain<C, R>(hooks: readonly Hook<C, R>[], ctx: C, last: () => Promise<R>): Promise<R> {
  if (hooks.length === 0) return last();
  // What `last` threw, as opposed to what a hook threw. Primitives are boxed, so they can be told apart too.
  const fromBelow = new WeakSet<object>();
  const passUp = (error: unknown) => {
    const thrown = typeof error === "object" && error !== null ? error : new Error(String(error));
    fromBelow.add(thrown);
    throw thrown;
  };
  let called = -1;
  const step = async (index: number): Promise<R> => {
    if (index <= called) throw new Error("A middleware hook called next() more than once");
    called = index;
    const hook = hooks[index];
    if (hook === undefined) return last().catch(passUp);
    return hook(ctx, () => step(index + 1));
  };
  return step(0).catch((error: unknown) => {
    if (error instanceof ProtocolError || (typeof error === "object" && error !== null && fromBelow.has(error))) {
      throw error;
    }
    reportFailure("a middleware hook failed", error);
    throw protocolError("INTERNAL_ERROR");
  });
}
