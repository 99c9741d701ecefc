import { ProtocolError } from "@modelcontextprotocol/server";
import { describe, expect, it, vi } from "vitest";
import { type Hook, middlewareHooks } from "../hooks.js";
import { runChain } from "./chain.js";

const recorder = () => {
  const seen: string[] = [];
  const layer =
    (name: string): Hook<string, string> =>
    async (_ctx, next) => {
      seen.push(`${name}>`);
      const result = await next();
      seen.push(`${name}<`);
      return `${name}(${result})`;
    };
  return { seen, layer };
};

describe("runChain", () => {
  it("runs hooks as an onion, the first outermost", async () => {
    const { seen, layer } = recorder();
    const result = await runChain([layer("a"), layer("b")], "ctx", async () => {
      seen.push("last");
      return "x";
    });
    expect(result).toBe("a(b(x))");
    expect(seen).toEqual(["a>", "b>", "last", "b<", "a<"]);
  });

  it("calls last directly when there are no hooks", async () => {
    expect(await runChain([], "ctx", async () => "x")).toBe("x");
  });

  it("short-circuits when a hook does not call next", async () => {
    const last = vi.fn(async () => "x");
    expect(await runChain<string, string>([async () => "early"], "ctx", last)).toBe("early");
    expect(last).not.toHaveBeenCalled();
  });

  it("passes what last throws through unchanged, primitives boxed", async () => {
    const error = new Error("from below");
    await expect(runChain([async (_ctx, next) => next()], "ctx", () => Promise.reject(error))).rejects.toBe(error);
    await expect(runChain([async (_ctx, next) => next()], "ctx", () => Promise.reject("text"))).rejects.toThrow("text");
  });

  it("answers a hook's own ProtocolError as is, and any other failure as an internal error without its text", async () => {
    const refusal = new ProtocolError(-32001, "refused");
    await expect(runChain([() => Promise.reject(refusal)], "ctx", async () => "x")).rejects.toBe(refusal);
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const failure = runChain([() => Promise.reject(new Error("secret"))], "ctx", async () => "x");
      await expect(failure).rejects.toMatchObject({ code: -32603, message: expect.not.stringContaining("secret") });
      expect(String(stderr.mock.calls[0]?.[0])).toContain("secret");
    } finally {
      stderr.mockRestore();
    }
  });

  it("rejects a hook that calls next twice", async () => {
    const twice: Hook<string, string> = async (_ctx, next) => {
      await next();
      return next();
    };
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      await expect(runChain([twice], "ctx", async () => "x")).rejects.toMatchObject({ code: -32603 });
      expect(String(stderr.mock.calls[0]?.[0])).toContain("next() more than once");
    } finally {
      stderr.mockRestore();
    }
  });
});

describe("middlewareHooks", () => {
  it("sorts hooks by kind in registration order, bound to their middleware", async () => {
    const counter = {
      count: 0,
      async request(this: { count: number }, _info: unknown, next: () => Promise<unknown>) {
        this.count++;
        return next();
      },
    };
    const hooks = middlewareHooks([counter as never, { tool: async (_call, next) => next() }]);
    expect([hooks.http.length, hooks.request.length, hooks.tool.length]).toEqual([0, 1, 1]);
    await hooks.request[0]!({} as never, async () => ({}));
    expect(counter.count).toBe(1);
  });
});
