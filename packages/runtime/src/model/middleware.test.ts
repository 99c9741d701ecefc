import { describe, expect, it } from "vitest";
import { z } from "zod";
import { McpsmithError, type Middleware, server, toFetchHandler, tool } from "../index.js";
import { createTestClient } from "../testing/index.js";
import { isMiddleware } from "./middleware.js";

class Greeter {
  @tool({ description: "Says hello.", input: z.object({ name: z.string() }) })
  greet({ name }: { name: string }) {
    return `hello ${name}`;
  }
}

/** Middleware that appends its label to every tool result's text. */
const label = (name: string): Middleware => ({
  async tool(_call, next) {
    const result = await next();
    if (!("content" in result)) return result;
    const [first] = result.content as { type: string; text?: string }[];
    return { ...result, content: [{ type: "text", text: `${first?.type === "text" ? first.text : ""} ${name}` }] };
  },
});

describe("use()", () => {
  it("tells middleware from decorated objects, even one with a method named like a hook", () => {
    class Tools {
      @tool({ description: "A tool named request." })
      request() {
        return "ok";
      }
    }
    expect(isMiddleware(label("a"))).toBe(true);
    expect(isMiddleware(new Tools())).toBe(false);
    expect(isMiddleware({ request: "not a function" })).toBe(false);
    const model = server({ name: "s", version: "1" }).use(new Tools()).use(label("a")).build();
    expect(model.tools.map((t) => t.name)).toEqual(["request"]);
    expect(model.middleware).toHaveLength(1);
  });

  it("takes middleware from serving options for decorated objects, after the builder's", async () => {
    const app = server({ name: "s", version: "1" }).use(new Greeter()).use(label("builder"));
    for (const era of ["legacy", "2026-07-28"] as const) {
      const client = await createTestClient(app, { era, use: [label("options")] });
      try {
        const result = await client.callTool({ name: "greet", arguments: { name: "Ada" } });
        // The builder's middleware is outermost, so it shapes last.
        expect(result.content).toEqual([{ type: "text", text: "hello Ada options builder" }]);
      } finally {
        await client.close();
      }
    }
    const decorated = await createTestClient(new Greeter(), { use: [label("only")] });
    try {
      const result = await decorated.callTool({ name: "greet", arguments: { name: "Ada" } });
      expect(result.content).toEqual([{ type: "text", text: "hello Ada only" }]);
    } finally {
      await decorated.close();
    }
  });

  it("refuses bad timeouts and non-middleware at start-up, naming them", () => {
    const bad = server({ name: "s", version: "1", options: { toolTimeout: 0 } }).tool(
      "t",
      { description: "T.", timeout: Number.NaN },
      () => "x",
    );
    let error: unknown;
    try {
      toFetchHandler(bad, { use: [{} as Middleware] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(McpsmithError);
    const message = (error as Error).message;
    expect(message).toContain("options.toolTimeout must be a positive number of milliseconds, got 0");
    expect(message).toContain('tool "t" timeout must be a positive number of milliseconds, got NaN');
    expect(message).toContain("middleware #1: pass a plain object with an http, request or tool hook");
  });
});
