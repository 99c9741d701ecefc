import { type Context, prompt, resource, ToolError, tool } from "@mcpsmith/runtime";
import { z } from "zod";

const GREETINGS: Record<string, string> = {
  english: "Hello",
  french: "Bonjour",
  german: "Hallo",
  japanese: "こんにちは",
  spanish: "Hola",
  swahili: "Jambo",
};
const LANGUAGES = Object.keys(GREETINGS);

const Forecast = z.object({
  city: z.string(),
  days: z.array(z.object({ day: z.number().int(), summary: z.string(), highC: z.number() })),
});

/** A small server showing each kind of thing mcpsmith serves. */
export class Hello {
  /** `wait` calls started and cancelled so far; a client can read them from `hello://stats`. */
  startedWaits = 0;
  cancelledWaits = 0;

  @tool({
    description: "Add two numbers.",
    input: z.object({ a: z.number().describe("First addend"), b: z.number().describe("Second addend") }),
    readOnly: true,
  })
  add({ a, b }: { a: number; b: number }) {
    return a + b;
  }

  @tool({
    description: "Divide a by b. Dividing by zero is an error the model can read.",
    input: z.object({ a: z.number(), b: z.number() }),
    readOnly: true,
  })
  divide({ a, b }: { a: number; b: number }) {
    if (b === 0) throw new ToolError("Cannot divide by zero: pass a non-zero b.");
    return a / b;
  }

  @tool({
    description: "Greet someone in one of several languages.",
    input: z.object({
      name: z.string().min(1).describe("Who to greet"),
      language: z.enum(LANGUAGES as [string, ...string[]]).default("english"),
    }),
    readOnly: true,
  })
  greet({ name, language }: { name: string; language: string }) {
    return `${GREETINGS[language]}, ${name}!`;
  }

  @tool({
    title: "Weather forecast",
    description: "A made-up but deterministic forecast for a city, as structured data.",
    input: z.object({ city: z.string().min(1), days: z.number().int().min(1).max(7).default(3) }),
    output: Forecast,
    readOnly: true,
  })
  forecast({ city, days }: { city: string; days: number }): z.infer<typeof Forecast> {
    const seed = [...city].reduce((sum, char) => sum + char.charCodeAt(0), 0);
    const summaries = ["sunny", "cloudy", "rain", "windy", "snow"];
    return {
      city,
      days: Array.from({ length: days }, (_, day) => ({
        day: day + 1,
        summary: summaries[(seed + day) % summaries.length]!,
        highC: ((seed * (day + 3)) % 30) - 5,
      })),
    };
  }

  @tool({
    description: "Count to n, reporting progress after each step.",
    input: z.object({ n: z.number().int().min(1).max(100), delayMs: z.number().int().min(0).max(1000).default(10) }),
    readOnly: true,
  })
  async count({ n, delayMs }: { n: number; delayMs: number }, ctx: Context) {
    for (let i = 1; i <= n; i++) {
      await sleep(delayMs, ctx.signal);
      await ctx.progress(i, n, `counted ${i} of ${n}`);
    }
    return `Counted to ${n}.`;
  }

  @tool({
    description: "Wait for a number of milliseconds; stops early when the client cancels.",
    input: z.object({ ms: z.number().int().min(0).max(60_000) }),
    readOnly: true,
  })
  async wait({ ms }: { ms: number }, ctx: Context) {
    this.startedWaits++;
    try {
      await sleep(ms, ctx.signal);
    } catch (error) {
      if (ctx.signal.aborted) this.cancelledWaits++;
      throw error;
    }
    return `Waited ${ms} ms.`;
  }

  @resource("hello://about", { description: "What this server is.", mimeType: "text/markdown" })
  about() {
    return "# hello\n\nAn example mcpsmith server: tools, a resource, a resource template and a prompt.\n";
  }

  @resource("hello://stats", { description: "Counters kept by the server.", mimeType: "application/json" })
  stats() {
    return { startedWaits: this.startedWaits, cancelledWaits: this.cancelledWaits };
  }

  @resource("hello://greetings/{language}", {
    description: "The greeting word in a language.",
    mimeType: "text/plain",
    complete: { language: LANGUAGES },
  })
  greeting({ language }: Record<string, string>) {
    return GREETINGS[language ?? ""]; // undefined for an unknown language: the client gets "Resource not found"
  }

  @prompt({
    description: "Ask the model to introduce someone.",
    args: z.object({
      name: z.string().describe("Who to introduce"),
      style: z.string().optional().describe("formal, casual or pirate"),
    }),
    complete: { style: ["formal", "casual", "pirate"] },
  })
  introduce({ name, style }: { name: string; style?: string }) {
    return `Introduce ${name} to the audience in a ${style ?? "casual"} style, in two sentences.`;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
