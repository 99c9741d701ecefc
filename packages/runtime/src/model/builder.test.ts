import type { Client } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type Context, prompt, resource, type ServeTarget, server, tool } from "../index.js";
import { createTestClient, type TestEra } from "../testing/index.js";

const CurrentInput = z.object({ city: z.string().describe("City name"), units: z.enum(["c", "f"]).default("c") });
const Forecast = z.object({ city: z.string(), days: z.array(z.object({ day: z.number().int(), highC: z.number() })) });
const BriefArgs = z.object({ city: z.string().describe("City"), tone: z.string().optional() });
const STATIONS = ["oslo", "bergen", "tromso"];

class Weather {
  @tool({
    title: "Current weather",
    description: "Current conditions for a city.",
    input: CurrentInput,
    readOnly: true,
  })
  current({ city, units }: z.infer<typeof CurrentInput>) {
    return `${city}: 12°${units.toUpperCase()}`;
  }

  @tool({
    name: "weather_forecast",
    description: "A short forecast.",
    input: z.object({ city: z.string() }),
    output: Forecast,
    idempotent: true,
    openWorld: false,
    meta: { "com.example/tier": "free" },
  })
  forecast({ city }: { city: string }) {
    return { city, days: [{ day: 1, highC: 14 }] };
  }

  @tool({ description: "Delete the cache.", destructive: true })
  purge() {
    return "purged";
  }

  @resource("weather://about", { title: "About", description: "What this is.", mimeType: "text/markdown" })
  about() {
    return "# Weather";
  }

  @resource("weather://stations/{id}", {
    name: "station",
    description: "One station.",
    mimeType: "application/json",
    complete: { id: STATIONS },
  })
  station({ id }: Record<string, string>) {
    return { id };
  }

  @prompt({ description: "Brief the user.", args: BriefArgs, complete: { tone: ["calm", "dramatic"] } })
  brief({ city }: z.infer<typeof BriefArgs>) {
    return `Summarise today's weather in ${city}.`;
  }
}

/** The same server written with the builder: every option spelled the builder's way. */
function built() {
  return server({ name: "Weather", version: "0.0.0" })
    .tool(
      "current",
      { title: "Current weather", description: "Current conditions for a city.", input: CurrentInput, readOnly: true },
      ({ city, units }) => `${city}: 12°${units.toUpperCase()}`,
    )
    .tool(
      "weather_forecast",
      {
        description: "A short forecast.",
        input: z.object({ city: z.string() }),
        output: Forecast,
        idempotent: true,
        openWorld: false,
        meta: { "com.example/tier": "free" },
      },
      ({ city }) => ({ city, days: [{ day: 1, highC: 14 }] }),
    )
    .tool("purge", { description: "Delete the cache.", destructive: true }, () => "purged")
    .resource(
      "weather://about",
      { name: "about", title: "About", description: "What this is.", mimeType: "text/markdown" },
      () => "# Weather",
    )
    .resource(
      "weather://stations/{id}",
      { name: "station", description: "One station.", mimeType: "application/json", complete: { id: STATIONS } },
      ({ id }: Record<string, string>) => ({ id }),
    )
    .prompt(
      "brief",
      { description: "Brief the user.", args: BriefArgs, complete: { tone: ["calm", "dramatic"] } },
      ({ city }) => `Summarise today's weather in ${city}.`,
    );
}

interface Surface {
  tools: unknown;
  resources: unknown;
  templates: unknown;
  prompts: unknown;
  calls: unknown[];
}

async function surface(target: ServeTarget, era: TestEra): Promise<Surface> {
  const client: Client = await createTestClient(target, { era });
  try {
    return {
      tools: (await client.listTools()).tools,
      resources: (await client.listResources()).resources,
      templates: (await client.listResourceTemplates()).resourceTemplates,
      prompts: (await client.listPrompts()).prompts,
      calls: [
        (await client.callTool({ name: "current", arguments: { city: "Oslo" } })).content,
        (await client.callTool({ name: "weather_forecast", arguments: { city: "Oslo" } })).structuredContent,
        (await client.readResource({ uri: "weather://stations/oslo" })).contents,
        (await client.getPrompt({ name: "brief", arguments: { city: "Oslo" } })).messages,
        (
          await client.complete({
            ref: { type: "ref/resource", uri: "weather://stations/{id}" },
            argument: { name: "id", value: "b" },
          })
        ).completion.values,
      ],
    };
  } finally {
    await client.close();
  }
}

describe("the builder API", () => {
  it.each(["legacy", "2026-07-28"] as const)(
    "produces the same lists and answers as the decorated class (%s)",
    async (era) => {
      const decorated = await surface(new Weather(), era);
      expect(await surface(built(), era)).toEqual(decorated);
      // And .use() of the decorated instance gives the same again.
      expect(await surface(server({ name: "Weather", version: "0.0.0" }).use(new Weather()), era)).toEqual(decorated);
    },
  );

  it("advertises what was declared, in declaration order", async () => {
    const { tools, calls } = await surface(built(), "2026-07-28");
    expect(tools).toEqual([
      {
        name: "current",
        title: "Current weather",
        description: "Current conditions for a city.",
        inputSchema: {
          type: "object",
          properties: {
            city: { type: "string", description: "City name" },
            units: { type: "string", enum: ["c", "f"], default: "c" },
          },
          required: ["city"],
        },
        annotations: { title: "Current weather", readOnlyHint: true },
      },
      expect.objectContaining({
        name: "weather_forecast",
        annotations: { idempotentHint: true, openWorldHint: false },
        outputSchema: expect.objectContaining({ type: "object", required: ["city", "days"] }),
        _meta: { "com.example/tier": "free" },
      }),
      {
        name: "purge",
        description: "Delete the cache.",
        inputSchema: { type: "object", properties: {} },
        annotations: { destructiveHint: true },
      },
    ]);
    expect(calls).toEqual([
      [{ type: "text", text: "Oslo: 12°C" }],
      { city: "Oslo", days: [{ day: 1, highC: 14 }] },
      [{ uri: "weather://stations/oslo", mimeType: "application/json", text: '{"id":"oslo"}' }],
      [{ role: "user", content: { type: "text", text: "Summarise today's weather in Oslo." } }],
      ["bergen"],
    ]);
  });

  it.each(["legacy", "2026-07-28"] as const)(
    "advertises a JSON Schema written by hand exactly as written, $schema included (%s)",
    async (era) => {
      const contact = {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        $defs: { address: { $anchor: "addressDef", type: "object", properties: { city: { type: "string" } } } },
        properties: { address: { $ref: "#/$defs/address" }, phone: { type: "string" }, email: { type: "string" } },
        anyOf: [{ required: ["phone"] }, { required: ["email"] }],
        additionalProperties: false,
      };
      const app = server({ name: "schemas", version: "1.0.0" })
        .tool("contact", { description: "Hand-written JSON Schema.", input: contact }, (args) => args)
        .tool("zod", { description: "Converted from zod.", input: z.object({ n: z.number().int() }) }, () => "ok");
      const client = await createTestClient(app, { era });
      try {
        const { tools } = await client.listTools();
        expect(tools[0]!.inputSchema).toEqual(contact);
        // Converted schemas are still tidied: no default dialect, no ±(2^53-1) integer bounds.
        expect(tools[1]!.inputSchema).toEqual({
          type: "object",
          properties: { n: { type: "integer" } },
          required: ["n"],
        });
        const valid = await client.callTool({
          name: "contact",
          arguments: { email: "a@b.c", address: { city: "Oslo" } },
        });
        expect(valid.isError).toBeFalsy();
        const invalid = await client.callTool({ name: "contact", arguments: { address: { city: 1 } } });
        expect(invalid.isError).toBe(true);
      } finally {
        await client.close();
      }
    },
  );

  it("passes the Context to builder handlers as the second argument", async () => {
    let seen: Context | undefined;
    const app = server({ name: "ctx", version: "1.0.0" }).tool(
      "who",
      { description: "Who is asking." },
      (_args, ctx) => {
        seen = ctx;
        return ctx.client.era;
      },
    );
    const client = await createTestClient(app, { era: "2026-07-28" });
    try {
      expect((await client.callTool({ name: "who", arguments: {} })).content).toEqual([
        { type: "text", text: "modern" },
      ]);
      expect(seen?.signal).toBeInstanceOf(AbortSignal);
      expect(seen?.client).toMatchObject({
        era: "modern",
        protocolVersion: "2026-07-28",
        name: "mcpsmith-test-client",
      });
    } finally {
      await client.close();
    }
  });

  it("build() returns a copy: later builder calls do not change an earlier model", () => {
    const builder = server({ name: "b", version: "1.0.0", instructions: "Be brief." }).tool(
      "a",
      { description: "a" },
      () => 1,
    );
    const first = builder.build();
    builder.tool("b", { description: "b" }, () => 2);
    expect(first.tools.map((t) => t.name)).toEqual(["a"]);
    expect(builder.build().tools.map((t) => t.name)).toEqual(["a", "b"]);
    expect(first).toMatchObject({ info: { name: "b", version: "1.0.0" }, instructions: "Be brief." });
  });
});
