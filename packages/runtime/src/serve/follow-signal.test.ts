import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { requestFollowing } from "./follow-signal.js";

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

async function collectTwice(): Promise<void> {
  for (let round = 0; round < 2; round++) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("requestFollowing", () => {
  it("passes the caller's abort on after the Request object itself is gone", async () => {
    const caller = new AbortController();
    let request: Request | undefined = requestFollowing("http://localhost/mcp", {
      method: "POST",
      body: "{}",
      signal: caller.signal,
    });
    const { signal } = request; // what a handler keeps
    request = undefined;
    await collectTwice();

    caller.abort(new Error("the user changed their mind"));
    expect(signal.aborted).toBe(true);
  });

  it("follows the input request's signal when it is rebuilt with another body", async () => {
    const caller = new AbortController();
    const original = new Request("http://localhost/mcp", { method: "POST", body: "{}", signal: caller.signal });
    let rebuilt: Request | undefined = requestFollowing(original, { body: "[]" });
    expect(await rebuilt.text()).toBe("[]");
    const { signal } = rebuilt;
    rebuilt = undefined;
    await collectTwice();

    caller.abort();
    expect(signal.aborted).toBe(true);
  });

  it("lets the request go once nobody holds it or its signal, though the caller never aborts", async () => {
    const caller = new AbortController(); // a connection answered normally: its signal never aborts
    const requests: WeakRef<Request>[] = [];
    for (let i = 0; i < 50; i++) {
      requests.push(new WeakRef(requestFollowing("http://localhost/mcp", { method: "POST", signal: caller.signal })));
    }
    await collectTwice();

    expect(requests.filter((request) => request.deref() !== undefined)).toEqual([]);
  });
});
