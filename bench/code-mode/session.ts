import type { Client } from "@modelcontextprotocol/client";

/** One exchange the model sees: what it asked for and the size of the answer it read. */
export interface Exchange {
  request: string;
  bytes: number;
}

/**
 * A scripted model's side of a conversation with a server: every request it makes is one round trip, and every
 * answer (the `tools/list` result, each `tools/call` result as the client received it) lands in its context, so
 * its size in bytes of JSON is what the model pays for it.
 */
export class Session {
  readonly exchanges: Exchange[] = [];
  constructor(private readonly client: Client) {}

  async listTools(): Promise<Awaited<ReturnType<Client["listTools"]>>> {
    const result = await this.client.listTools();
    this.#record("tools/list", result);
    return result;
  }

  /** Calls a tool; an error answer fails the script (a scripted task must not go wrong). */
  async call(name: string, args: Record<string, unknown>): Promise<unknown> {
    const result = await this.client.callTool({ name, arguments: args });
    this.#record(`tools/call ${name}`, result);
    if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content).slice(0, 500)}`);
    if (result.structuredContent !== undefined) return result.structuredContent;
    const text = (result.content as { type: string; text?: string }[]).map((block) => block.text ?? "").join("");
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }

  get roundTrips(): number {
    return this.exchanges.length;
  }

  get bytes(): number {
    return this.exchanges.reduce((sum, exchange) => sum + exchange.bytes, 0);
  }

  #record(request: string, result: unknown): void {
    this.exchanges.push({ request, bytes: Buffer.byteLength(JSON.stringify(result)) });
  }
}
