import { describe, expect, it } from "vitest";
import { z } from "zod";
import { prompt, resource, tool } from "../index.js";
import { toModel } from "../model/resolve.js";

class Base {
  @tool({ description: "from the base class", input: z.object({}) })
  inherited() {
    return "base";
  }
}

class Derived extends Base {
  @tool({ description: "own tool" })
  own() {
    return "own";
  }

  @resource("demo://fixed")
  fixed() {
    return "fixed";
  }

  @resource("demo://items/{id}")
  item({ id }: Record<string, string>) {
    return id;
  }

  @prompt({ description: "a prompt" })
  ask() {
    return "?";
  }
}

describe("decorators", () => {
  it("record members without touching the base class's metadata", () => {
    const base = toModel(new Base());
    const derived = toModel(new Derived());
    expect(base.tools.map((t) => t.name)).toEqual(["inherited"]);
    expect(derived.tools.map((t) => t.name)).toEqual(["inherited", "own"]);
    expect(derived.resources.map((r) => r.uri)).toEqual(["demo://fixed"]);
    expect(derived.resourceTemplates.map((r) => r.uriTemplate)).toEqual(["demo://items/{id}"]);
    expect(derived.prompts.map((p) => p.name)).toEqual(["ask"]);
    expect(derived.tools[0]?.origin).toBe("Derived.inherited");
  });

  it("bind handlers to the instance they were read from", async () => {
    class Counter {
      count = 41;
      @tool({ description: "next" })
      next() {
        return ++this.count;
      }
    }
    const model = toModel(new Counter());
    expect(await (model.tools[0]!.handler as () => number)()).toBe(42);
  });
});
