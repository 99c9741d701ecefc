import { afterEach, describe, expect, it, vi } from "vitest";
import { Backstops, Cancellation } from "./cancellation.js";

describe("a call's cancellation", () => {
  it("tells its listeners once, with the reason, and rejects the work it races at once", async () => {
    const cancellation = new Cancellation();
    const heard: string[] = [];
    cancellation.onStop(() => heard.push("driver"));
    const unheard = cancellation.onStop(() => heard.push("forgotten"));
    unheard();
    const never = new Promise<never>(() => {});
    const raced = cancellation.race(never);
    cancellation.stop(new Error("client cancelled"));
    cancellation.stop(new Error("again"));
    await expect(raced).rejects.toThrow("client cancelled");
    expect(heard).toEqual(["driver"]);
    expect(cancellation.stopped).toBe(true);
    expect((cancellation.reason as Error).message).toBe("client cancelled");
  });

  it("settles as its work does when nothing stops it, and calls a listener added after a stop at once", async () => {
    const cancellation = new Cancellation();
    await expect(cancellation.race(Promise.resolve(42))).resolves.toBe(42);
    await expect(cancellation.race(Promise.reject(new Error("statement failed")))).rejects.toThrow("statement failed");
    cancellation.stop("done");
    const late = vi.fn();
    cancellation.onStop(late);
    expect(late).toHaveBeenCalledOnce();
    await expect(cancellation.race(Promise.resolve(1))).rejects.toBe("done");
  });

  it("asks for the request's signal only once something can be stopped, then follows it until the call ends", async () => {
    const client = new AbortController();
    const request = vi.fn(() => client.signal);
    const cancellation = new Cancellation(request);
    // A read that nothing can stop (SQLite's main thread) settles without the request's signal ever being made.
    await expect(cancellation.race(Promise.resolve("rows"))).resolves.toBe("rows");
    expect(request).not.toHaveBeenCalled();

    const driver = vi.fn();
    cancellation.onStop(driver);
    cancellation.onStop(() => {});
    expect(request).toHaveBeenCalledOnce();
    const raced = cancellation.race(new Promise<never>(() => {}));
    client.abort(new Error("client cancelled"));
    await expect(raced).rejects.toThrow("client cancelled");
    expect(driver).toHaveBeenCalledOnce();
  });

  it("stops at once when its request was cancelled before anything could be stopped, and forgets it once ended", () => {
    const cancelled = new Cancellation(() => AbortSignal.abort("gone"));
    const driver = vi.fn();
    cancelled.onStop(driver);
    expect(driver).toHaveBeenCalledOnce();
    expect(cancelled.reason).toBe("gone");

    const client = new AbortController();
    const ended = new Cancellation(() => client.signal);
    const late = vi.fn();
    ended.onStop(late);
    ended.end();
    client.abort();
    expect(late).not.toHaveBeenCalled();
    expect(ended.stopped).toBe(false);
  });
});

describe("backstops", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("stops a call past its deadline at the next check, and one timer runs only while calls do", () => {
    vi.useFakeTimers();
    const backstops = new Backstops(1000);
    const slow = new Cancellation();
    const quick = new Cancellation();
    const expired = vi.fn(() => slow.stop("backstop"));
    backstops.watch(slow, 2500, expired);
    const forget = backstops.watch(quick, 2500, () => quick.stop("backstop"));
    forget();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(2000);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(expired).toHaveBeenCalledOnce();
    expect(slow.stopped).toBe(true);
    expect(quick.stopped).toBe(false);
    // Nothing left to watch: the timer is not armed again.
    expect(vi.getTimerCount()).toBe(0);
  });
});
