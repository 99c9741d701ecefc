import { afterEach, describe, expect, it, vi } from "vitest";
import { KeptConnection } from "./kept-connection.js";

interface Conn {
  id: number;
}

const unwatched = () => () => {};

describe("the connection kept for bounded reads", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps the first connection a bounded read gave back, and lends it to one read at a time", () => {
    const closed: Conn[] = [];
    const kept = new KeptConnection<Conn>(30_000, (c) => closed.push(c), unwatched);
    const a = { id: 1 };
    const b = { id: 2 };
    expect(kept.take()).toBeUndefined();
    expect(kept.keep(a)).toBe(true);
    expect(kept.take()).toBe(a);
    // Taken: a second read goes to the pool, and its connection is not kept (it goes back there).
    expect(kept.take()).toBeUndefined();
    expect(kept.keep(b)).toBe(false);
    expect(kept.keep(a)).toBe(true);
    expect(kept.take()).toBe(a);
    kept.end();
    expect(closed).toEqual([]);
    // Ended while a read had it: it goes back to the pool, which is closing.
    expect(kept.keep(a)).toBe(false);
    expect(kept.take()).toBeUndefined();
  });

  it("gives way to any other transaction, at once or after the read that has it", async () => {
    const kept = new KeptConnection<Conn>(30_000, () => {}, unwatched);
    const a = { id: 1 };
    kept.keep(a);
    expect(kept.yieldTo()).toBe(a);
    expect(kept.take()).toBeUndefined();
    kept.keep(a);
    expect(kept.take()).toBe(a);
    expect(kept.yieldTo()).toBeUndefined();
    // A transaction waits on the pool: the read gives its connection back there, not to the keeper.
    let handOver!: (conn: Conn) => void;
    const waiting = kept.fromPool(() => new Promise<Conn>((resolve) => (handOver = resolve)));
    expect(kept.keep(a)).toBe(false);
    handOver(a);
    expect(await waiting).toBe(a);
    expect(kept.keep(a)).toBe(true);
  });

  it("closes a connection lost while kept, and leaves one a read has to that read's failure", () => {
    const closed: Conn[] = [];
    const losses = new Map<Conn, () => void>();
    const kept = new KeptConnection<Conn>(
      30_000,
      (c) => closed.push(c),
      (c, lost) => {
        losses.set(c, lost);
        return () => losses.delete(c);
      },
    );
    const a = { id: 1 };
    const b = { id: 2 };
    kept.keep(a);
    losses.get(a)!();
    expect(closed).toEqual([a]);
    expect(losses.size).toBe(0);
    expect(kept.take()).toBeUndefined();
    kept.keep(b);
    expect(kept.take()).toBe(b);
    losses.get(b)!();
    expect(closed).toEqual([a]);
    // The read failed: the driver forgets it and closes it itself.
    expect(kept.forget(b)).toBe(true);
    expect(losses.size).toBe(0);
  });

  it("forgets a connection that failed, and closes one left unused for the idle time", () => {
    vi.useFakeTimers();
    const closed: Conn[] = [];
    const kept = new KeptConnection<Conn>(30_000, (c) => closed.push(c), unwatched);
    const a = { id: 1 };
    kept.keep(a);
    expect(kept.forget(a)).toBe(true);
    expect(kept.forget(a)).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    kept.keep(a);
    vi.advanceTimersByTime(20_000);
    expect(kept.take()).toBe(a);
    kept.keep(a);
    vi.advanceTimersByTime(20_000);
    expect(closed).toEqual([]);
    vi.advanceTimersByTime(20_000);
    expect(closed).toEqual([a]);
    expect(kept.take()).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});
