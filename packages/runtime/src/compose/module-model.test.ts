import { describe, expect, it } from "vitest";
import { z } from "zod";
import { server, tool } from "../index.js";
import { modelOfModule } from "./module-model.js";

class Notes {
  @tool({ description: "Count", input: z.object({}) })
  count() {
    return 1;
  }
}

class Weather {
  constructor(readonly city: string) {}
  @tool({ description: "Now", input: z.object({}) })
  now() {
    return this.city;
  }
}

const builder = server({ name: "b", version: "1.0.0" }).tool("ping", { description: "Ping" }, () => "pong");

describe("modelOfModule", () => {
  it("takes the default export alone when there is one", () => {
    expect(modelOfModule({ default: builder, Notes }, "m.ts").tools.map((t) => t.name)).toEqual(["ping"]);
  });

  it("takes every servable export otherwise: builders, decorated classes (one instance), objects of them", () => {
    const model = modelOfModule(
      { builder, Notes, weather: new Weather("Oslo"), helper: () => 1, VERSION: "1" },
      "m.ts",
    );
    expect(model.tools.map((t) => t.name)).toEqual(["ping", "count", "now"]);
  });

  it("takes only the export named", () => {
    expect(modelOfModule({ builder, Notes }, "m.ts", "Notes").tools.map((t) => t.name)).toEqual(["count"]);
    expect(() => modelOfModule({ builder }, "m.ts", "nope")).toThrow('m.ts has no export "nope" (it exports builder)');
  });

  it("says what to export when nothing can be served, or a class needs constructor arguments", () => {
    expect(() => modelOfModule({ helper: () => 1 }, "m.ts")).toThrow(/m\.ts exports nothing to serve/);
    expect(() => modelOfModule({ Weather }, "m.ts")).toThrow(
      "m.ts: the class Weather takes constructor arguments; export an object of it instead (export const weather = new Weather(...))",
    );
  });
});
