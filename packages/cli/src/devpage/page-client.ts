import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { cliVersion } from "../version.js";
import { PAGE_CLIENT_HEADER } from "./http-proxy.js";
import type { CallOutcome, JsonObject, PendingInput } from "./model.js";
import type { PageActions } from "./page-server.js";
import type { PageStore } from "./store.js";

/** Questions waiting for the person at once; a tool that asks more is answered `cancel` beyond this. */
const MAX_PENDING_INPUTS = 20;
/** How long a question waits for the person before the call is answered `cancel`. */
const INPUT_WAIT_MS = 10 * 60_000;

type Answer = { action: string; content?: Record<string, unknown> };

/**
 * The page's own connection to the server: the official client, negotiating the era as hosts do (`auto`), through
 * the dev proxy like any other client (so its calls are in the log, marked as the page's). A question a tool asks
 * (an elicitation, by `input_required` or by a server request) waits for the person's answer on the page.
 */
export class PageClient implements PageActions {
  readonly #store: PageStore;
  readonly #url: URL;
  #client: Promise<Client> | undefined;
  #inputs = 0;
  readonly #pending = new Map<string, { input: PendingInput; answer: (answer: Answer) => void }>();

  constructor(store: PageStore, url: URL) {
    this.#store = store;
    this.#url = url;
  }

  /** Forgets the connection (after a restart): the next request opens one to the new server. */
  async reset(): Promise<void> {
    const old = this.#client;
    this.#client = undefined;
    await old?.then((client) => client.close()).catch(() => {});
  }

  async listTools(): Promise<unknown[]> {
    const client = await this.#connected();
    // Past the client's cache: a reload changes the list before its ttl runs out.
    return (await client.listTools(undefined, { cacheMode: "refresh" })).tools;
  }

  async call(tool: string, args: Record<string, unknown>): Promise<CallOutcome> {
    try {
      const client = await this.#connected();
      const result = await client.callTool({ name: tool, arguments: args }, { timeout: INPUT_WAIT_MS });
      return { ok: true, result: result as JsonObject };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  answer(inputId: string, answer: Answer): boolean {
    const pending = this.#pending.get(inputId);
    if (!pending) return false;
    pending.answer(answer);
    return true;
  }

  async close(): Promise<void> {
    for (const pending of [...this.#pending.values()]) pending.answer({ action: "cancel" });
    await this.reset();
  }

  #connected(): Promise<Client> {
    this.#client ??= this.#connect().catch((error: unknown) => {
      this.#client = undefined;
      throw error;
    });
    return this.#client;
  }

  async #connect(): Promise<Client> {
    const client = new Client(
      { name: "mcpsmith-dev-page", version: cliVersion() },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: "auto" } },
    );
    client.setRequestHandler("elicitation/create", (request) => {
      const params = request.params as { message?: unknown; requestedSchema?: unknown };
      return this.#ask(String(params.message ?? ""), (params.requestedSchema ?? {}) as JsonObject);
    });
    const transport = new StreamableHTTPClientTransport(this.#url, {
      requestInit: { headers: { [PAGE_CLIENT_HEADER]: "1" } },
    });
    await client.connect(transport);
    return client;
  }

  /** Puts the question on the page and waits for the person (bounded in number and in time). */
  #ask(message: string, schema: JsonObject): Promise<never> {
    if (this.#pending.size >= MAX_PENDING_INPUTS) return Promise.resolve({ action: "cancel" } as never);
    const input: PendingInput = { id: `i${++this.#inputs}`, message, schema };
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle({ action: "cancel" }), INPUT_WAIT_MS);
      const settle = (answer: Answer) => {
        clearTimeout(timer);
        this.#pending.delete(input.id);
        this.#publish();
        resolve(answer as never);
      };
      this.#pending.set(input.id, { input, answer: settle });
      this.#publish();
    });
  }

  #publish(): void {
    this.#store.setInputs([...this.#pending.values()].map(({ input }) => input));
  }
}
