import { describe, expect, it } from "vitest";
import { z } from "zod";
import { McpsmithError, prompt, resource, type ServeTarget, serve, server, toFetchHandler, tool } from "../index.js";
import { createTestClient } from "../testing/index.js";

/**
 * Starts the target every way a user can, expects each to refuse it with E_MODEL_INVALID before serving anything,
 * and returns the one message they all give.
 */
async function refusal(target: ServeTarget): Promise<string> {
  const messages: string[] = [];
  const collect = async (start: () => unknown) => {
    try {
      const started = await start();
      await (started as { close?: () => Promise<void> } | undefined)?.close?.();
      messages.push("(no error)");
    } catch (error) {
      expect(error).toBeInstanceOf(McpsmithError);
      expect((error as McpsmithError).code).toBe("E_MODEL_INVALID");
      messages.push((error as Error).message);
    }
  };
  await collect(() => serve(target, { http: { port: 0 }, exitOnShutdown: false }));
  await collect(() => toFetchHandler(target));
  await collect(() => createTestClient(target, { era: "legacy" }));
  await collect(() => createTestClient(target, { era: "2026-07-28" }));
  expect(new Set(messages).size, messages.join("\n---\n")).toBe(1);
  return messages[0]!;
}

const header = (count: number) => `Invalid MCP server model (${count} problem${count === 1 ? "" : "s"}):\n`;
const one = (problem: string) => `${header(1)}  - ${problem}`;

describe("model validation at start-up", () => {
  it("refuses duplicate tool names, naming both declarations", async () => {
    class Weather {
      @tool({ description: "Current conditions." })
      current() {
        return "sunny";
      }
      @tool({ name: "current", description: "Also current conditions." })
      now() {
        return "sunny";
      }
    }
    expect(await refusal(new Weather())).toBe(
      one('Weather.now: duplicate tool name "current" (first declared by Weather.current)'),
    );
  });

  it("refuses duplicate tool names across two classes", async () => {
    class Weather {
      @tool({ description: "Current conditions." })
      current() {
        return "sunny";
      }
    }
    class Ocean {
      @tool({ description: "Current ocean currents." })
      current() {
        return "calm";
      }
    }
    expect(await refusal([new Weather(), new Ocean()])).toBe(
      one('Ocean.current: duplicate tool name "current" (first declared by Weather.current)'),
    );
  });

  it.each([
    ["a space", "get weather"],
    ["129 characters", "a".repeat(129)],
    ["an empty name", ""],
    ["a slash", "weather/current"],
  ])("refuses a tool name with %s", async (_what, name) => {
    class Weather {
      @tool({ name, description: "Current conditions." })
      current() {
        return "sunny";
      }
    }
    expect(await refusal(new Weather())).toBe(
      one(`Weather.current: tool name "${name}" must be 1-128 characters of A-Z a-z 0-9 _ . -`),
    );
  });

  it("accepts a 128-character tool name with dots, dashes and underscores", async () => {
    const name = `a.b-c_${"d".repeat(122)}`;
    expect(name).toHaveLength(128);
    const client = await createTestClient(
      server({ name: "ok", version: "1.0.0" }).tool(name, { description: "x" }, () => 1),
    );
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual([name]);
    } finally {
      await client.close();
    }
  });

  it.each([
    ["z.string()", z.string(), 'found type "string"'],
    ["JSON Schema { type: 'array' }", { type: "array", items: { type: "string" } }, 'found type "array"'],
    [
      "a root allOf",
      { allOf: [{ type: "object", properties: { a: { type: "string" } } }, { required: ["a"] }] },
      'found a root "allOf"',
    ],
    [
      "z.union() of objects (an anyOf)",
      z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
      'found a root "anyOf"',
    ],
    ["a root anyOf", { anyOf: [{ type: "object" }, { type: "null" }] }, 'found a root "anyOf"'],
    ["a schema with no type", { properties: { a: { type: "string" } } }, "found no type"],
  ])("refuses a non-object input schema: %s", async (_what, input, found) => {
    class Weather {
      @tool({ description: "Current conditions.", input })
      current() {
        return "sunny";
      }
    }
    expect(await refusal(new Weather())).toBe(
      one(`Weather.current input: the schema's root must be { type: "object" } (${found})`),
    );
  });

  it("accepts a zod intersection of objects (zod flattens it to one object)", async () => {
    class Weather {
      @tool({ description: "Current conditions.", input: z.object({ a: z.string() }).and(z.object({ b: z.number() })) })
      current() {
        return "sunny";
      }
    }
    const client = await createTestClient(new Weather());
    try {
      const [listed] = (await client.listTools()).tools;
      expect(listed?.inputSchema).toMatchObject({ type: "object", required: ["a", "b"] });
    } finally {
      await client.close();
    }
  });

  it("lists listedInput in place of the input schema, and checks arguments against the input schema", async () => {
    const input = {
      type: "object",
      properties: { pet: { $ref: "#/$defs/Pet" } },
      required: ["pet"],
      $defs: { Pet: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } },
    };
    const listedInput = {
      type: "object",
      properties: { pet: { $ref: "#/$defs/Pet" } },
      required: ["pet"],
      $defs: { Pet: { type: "object", description: "A Pet: not listed." } },
    };
    const client = await createTestClient(
      server({ name: "pets", version: "1.0.0" }).tool(
        "addPet",
        { description: "Adds a pet.", input, listedInput },
        () => "added",
      ),
    );
    try {
      const [listed] = (await client.listTools()).tools;
      expect(listed?.inputSchema).toEqual(listedInput);
      const refused = await client.callTool({ name: "addPet", arguments: { pet: { name: 7 } } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain("pet.name");
      const added = await client.callTool({ name: "addPet", arguments: { pet: { name: "Rex" } } });
      expect(added.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });

  it("refuses a listedInput whose root is not an object schema", async () => {
    const target = server({ name: "pets", version: "1.0.0" }).tool(
      "addPet",
      { description: "Adds a pet.", input: { type: "object" }, listedInput: { type: "array" } },
      () => "added",
    );
    expect(await refusal(target)).toBe(
      one(`tool "addPet": listedInput's root must be { type: "object" } (found type "array")`),
    );
  });

  it("accepts any root for an output schema", async () => {
    class Weather {
      @tool({ description: "Temperatures.", output: z.array(z.number()) })
      temperatures() {
        return [1, 2];
      }
    }
    const client = await createTestClient(new Weather());
    try {
      const [listed] = (await client.listTools()).tools;
      expect(listed?.outputSchema).toMatchObject({ type: "array", items: { type: "number" } });
      const result = await client.callTool({ name: "temperatures", arguments: {} });
      expect(result.structuredContent).toEqual([1, 2]);
    } finally {
      await client.close();
    }
  });

  it("refuses a JSON Schema that is not valid, with the validator's reason", async () => {
    class Weather {
      @tool({ description: "Current conditions.", input: { type: "object", properties: { city: { type: "town" } } } })
      current() {
        return "sunny";
      }
    }
    const message = await refusal(new Weather());
    expect(message.startsWith(`${header(1)}  - Weather.current input: invalid JSON Schema: `)).toBe(true);
    expect(message).toContain("data/properties/city/type must be equal to one of the allowed values");
  });

  it("refuses a tool without a description, unless requireDescriptions is false", async () => {
    class Weather {
      @tool()
      current() {
        return "sunny";
      }
    }
    const describe = "pass { description }, or set requireDescriptions: false in the model options";
    expect(await refusal(new Weather())).toBe(
      one(`Weather.current: tool "current" needs a description (models choose tools by it): ${describe}`),
    );
    const blank = server({ name: "b", version: "1.0.0" }).tool("current", { description: "   " }, () => "sunny");
    expect(await refusal(blank)).toBe(
      one(`tool "current": tool "current" needs a description (models choose tools by it): ${describe}`),
    );
    const relaxed = toFetchHandler(new Weather(), { options: { requireDescriptions: false } });
    await relaxed.close();
  });

  it("says that `mcpsmith build` takes the description from the method's doc comment, when it has one", async () => {
    // Read from this file: vitest runs it transformed, without its comments.
    class DocumentedWeather {
      /** Current conditions for a city. */
      @tool()
      current() {
        return "sunny";
      }
    }
    expect(await refusal(new DocumentedWeather())).toBe(
      one(
        'DocumentedWeather.current: tool "current" needs a description (models choose tools by it): ' +
          "`mcpsmith build` (or `mcpsmith dev`) takes it from the method's doc comment; or pass { description }, " +
          "or set requireDescriptions: false in the model options",
      ),
    );
  });

  it("refuses a duplicate resource URI, and a template declared twice", async () => {
    class Weather {
      @resource("weather://stations")
      stations() {
        return "[]";
      }
      @resource("weather://stations")
      allStations() {
        return "[]";
      }
      @resource("weather://stations/{id}")
      station() {
        return "{}";
      }
      @resource("weather://stations/{id}")
      stationAgain() {
        return "{}";
      }
    }
    expect(await refusal(new Weather())).toBe(
      `${header(2)}` +
        '  - Weather.allStations: duplicate resource URI "weather://stations" (first declared by Weather.stations)\n' +
        '  - Weather.stationAgain: duplicate resource template "weather://stations/{id}" (first declared by Weather.station)',
    );
  });

  it("refuses a resource URI without a scheme", async () => {
    const app = server({ name: "r", version: "1.0.0" }).resource("stations", {}, () => "[]");
    expect(await refusal(app)).toBe(one('resource "stations": resource URI "stations" has no scheme'));
  });

  it("refuses a completion naming a variable the template does not have", async () => {
    class Weather {
      @resource("weather://stations/{id}", { complete: { station: ["oslo", "bergen"] } })
      station({ id }: Record<string, string>) {
        return id ?? "";
      }
    }
    expect(await refusal(new Weather())).toBe(
      one('Weather.station: "complete" names "station", which is not a variable of "weather://stations/{id}"'),
    );
  });

  it("refuses a completion naming an argument the prompt does not have", async () => {
    class Weather {
      @prompt({ description: "Brief.", args: z.object({ city: z.string() }), complete: { town: ["Oslo"] } })
      brief({ city }: { city: string }) {
        return `Weather in ${city}?`;
      }
    }
    expect(await refusal(new Weather())).toBe(
      one(`Weather.brief: "complete" names "town", which is not one of the prompt's arguments`),
    );
  });

  it("refuses duplicate prompt names", async () => {
    const app = server({ name: "p", version: "1.0.0" })
      .prompt("brief", {}, () => "a")
      .prompt("brief", {}, () => "b");
    expect(await refusal(app)).toBe(
      one('prompt "brief": duplicate prompt name "brief" (first declared by prompt "brief")'),
    );
  });

  it("lists every problem at once, in declaration order", async () => {
    class Weather {
      @tool({ name: "get weather", description: "Current conditions.", input: z.string() })
      current() {
        return "sunny";
      }
      @tool()
      forecast() {
        return "rain";
      }
      @tool({ name: "forecast", description: "Again." })
      forecastAgain() {
        return "rain";
      }
      @resource("weather://stations/{id}", { complete: { station: [] } })
      station() {
        return "{}";
      }
    }
    expect(await refusal(new Weather())).toBe(
      `${header(5)}` +
        '  - Weather.current: tool name "get weather" must be 1-128 characters of A-Z a-z 0-9 _ . -\n' +
        '  - Weather.forecast: tool "forecast" needs a description (models choose tools by it): pass { description }, or set requireDescriptions: false in the model options\n' +
        '  - Weather.forecastAgain: duplicate tool name "forecast" (first declared by Weather.forecast)\n' +
        '  - Weather.station: "complete" names "station", which is not a variable of "weather://stations/{id}"\n' +
        `  - Weather.current input: the schema's root must be { type: "object" } (found type "string")`,
    );
  });

  it("refuses a server without a name or version (a model given as data)", async () => {
    const model = server({ name: "", version: "" })
      .tool("a", { description: "a" }, () => 1)
      .build();
    expect(await refusal(model)).toBe(`${header(2)}  - server: "name" is required\n  - server: "version" is required`);
  });
});
