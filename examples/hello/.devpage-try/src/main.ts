import { serve, tool, type Context } from "@mcpsmith/runtime";
import { z } from "zod";

class Fixture {
  @tool({ description: "Greets someone.", input: z.object({ name: z.string().describe("Who"), times: z.number().int().optional() }) })
  greet({ name, times }: { name: string; times?: number }): string {
    return `hello ${name}`.repeat(times ?? 1);
  }

  @tool({ description: "Asks for a colour.", input: z.object({}) })
  async ask(_: object, ctx: Context) {
    const answer = await ctx.elicit("Which colour?", z.object({ colour: z.string() }));
    return JSON.stringify(answer);
  }
}

await serve(new Fixture(), { name: "try", version: "1.0.0" });
