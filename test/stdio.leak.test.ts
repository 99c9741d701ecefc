// A long-lived stdio server serving very many requests on its one connection (a host's proxy in front of many
// clients) keeps nothing of a request once it is answered or cancelled: a run of thousands of cycles under a small
// heap ends within RSS_MARGIN of the memory the same server held after its first WARM_UP cycles.
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { churn, HEAP_MB, RSS_MARGIN } from "./support/churn.js";
import { ROOT, stopProcess } from "./support/servers.js";

const STDIO_CHURN_SERVER = fileURLToPath(new URL("./fixtures/leak/stdio-server.mjs", import.meta.url));

// What still exhausts the heap, or the margin, when what a cycle leaves behind is kept (a list page per cursor).
const CYCLES = 2_000;
const WARM_UP = 200;
const IN_FLIGHT = 8;

type Message = Record<string, unknown> & { id?: number | string; method?: string };

/** A stdio client speaking raw JSON-RPC lines to a child server: requests by id, and the server's own requests. */
class StdioPeer {
  readonly #child: ChildProcess;
  readonly #pending = new Map<number, (message: Message) => void>();
  /** What waits for the server's next request of a kind, by the id of the client request it is about. */
  readonly #asked = new Map<string, (message: Message) => void>();
  #next = 1;
  #stderr = "";

  constructor(options: object) {
    this.#child = spawn(
      process.execPath,
      [`--max-old-space-size=${HEAP_MB}`, "--expose-gc", STDIO_CHURN_SERVER, JSON.stringify(options)],
      { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] },
    );
    this.#child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      this.#stderr = (this.#stderr + chunk).slice(-4_000);
    });
    createInterface({ input: this.#child.stdout! }).on("line", (line) => this.#receive(JSON.parse(line) as Message));
    // A heap exhausted ends the process: whatever waits for it fails then, rather than waiting forever.
    this.#child.once("exit", () => {
      const gone = { error: { message: `the server is gone:\n${this.#stderr}` } };
      for (const answer of this.#pending.values()) answer(gone);
      for (const ask of this.#asked.values()) ask(gone);
      this.#pending.clear();
      this.#asked.clear();
    });
  }

  #receive(message: Message): void {
    if (message.method !== undefined && message.id !== undefined) {
      // A request of the server's (elicitation): handed to whoever waits for it, by the call it is about.
      const waiting = [...this.#asked.entries()][0];
      if (waiting) {
        this.#asked.delete(waiting[0]);
        waiting[1](message);
      }
      return;
    }
    if (typeof message.id === "number") {
      this.#pending.get(message.id)?.(message);
      this.#pending.delete(message.id);
    }
  }

  write(message: object): void {
    this.#child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
  }

  request(method: string, params: object = {}): Promise<Message> {
    if (!this.alive()) return Promise.resolve({ error: { message: `the server is gone:\n${this.#stderr}` } });
    const id = this.#next++;
    const answered = new Promise<Message>((resolve) => this.#pending.set(id, resolve));
    this.write({ id, method, params });
    return answered;
  }

  /** Sends a request whose answer never comes (it is cancelled): resolves to its id, once `request` was sent. */
  sendOnly(method: string, params: object = {}): number {
    const id = this.#next++;
    this.write({ id, method, params });
    return id;
  }

  /** The next request the server sends (one at a time per waiter). */
  nextServerRequest(key: string): Promise<Message> {
    return new Promise((resolve, reject) => {
      if (!this.alive()) reject(new Error(`the server is gone:\n${this.#stderr}`));
      this.#asked.set(key, (message) =>
        "error" in message ? reject(new Error(JSON.stringify(message.error))) : resolve(message),
      );
    });
  }

  alive(): boolean {
    return this.#child.exitCode === null && this.#child.signalCode === null;
  }

  async rss(): Promise<number> {
    if (!this.alive()) throw new Error(`the server is gone:\n${this.#stderr}`);
    const answer = await this.request("tools/call", { name: "memory", arguments: {} });
    const result = answer.result as { content: { text: string }[] } | undefined;
    if (!result) throw new Error(`memory was answered ${JSON.stringify(answer)}`);
    return Number(result.content[0]!.text);
  }

  close(): Promise<void> {
    return stopProcess(this.#child);
  }
}

let peer: StdioPeer | undefined;
afterEach(() => peer?.close());

/** Characters base64url decoding skips: a cursor with them decodes as the same cursor, but is another string. */
const SKIPPED = "!#$%&*.~";
function variant(cursor: string, index: number): string {
  return `${cursor}${[...index.toString(8)].map((digit) => SKIPPED[Number(digit)]).join("")}`;
}

function failure(answer: Message, what: string): void {
  if (!("result" in answer)) throw new Error(`${what} was answered ${JSON.stringify(answer)}`);
}

describe.each([
  { fastPath: true, path: "the fast path" },
  { fastPath: false, path: "the SDK path" },
])("a stdio connection serving many requests ($path)", ({ fastPath }) => {
  it("keeps nothing of requests answered, cancelled, or left asking the client", async () => {
    const stdio = new StdioPeer({ fastPath });
    peer = stdio;
    const init = await stdio.request("initialize", {
      protocolVersion: "2025-11-25",
      capabilities: { elicitation: {} },
      clientInfo: { name: "stdio-churn", version: "1.0.0" },
    });
    failure(init, "initialize");
    stdio.write({ method: "notifications/initialized" });
    const firstPage = await stdio.request("tools/list");
    const cursor = (firstPage.result as { nextCursor?: string }).nextCursor;
    if (cursor === undefined) throw new Error("tools/list has no second page");

    let index = 0;
    let asking = Promise.resolve();
    const levels = ["debug", "info", "warning", "error"];
    const cycle = async () => {
      const at = index++;
      failure(
        await stdio.request("tools/call", {
          name: "echo",
          arguments: { text: `call ${at}` },
          _meta: { progressToken: `progress-${at}` },
        }),
        "echo",
      );
      failure(await stdio.request("logging/setLevel", { level: levels[at % levels.length] }), "logging/setLevel");
      const uri = "churn://counter";
      failure(await stdio.request("resources/subscribe", { uri }), "resources/subscribe");
      failure(await stdio.request("resources/unsubscribe", { uri }), "resources/unsubscribe");
      failure(await stdio.request("tools/list", { cursor }), "tools/list");
      // Another spelling of the same cursor each time: refused, or answered as a page kept by no spelling.
      const spelled = await stdio.request("tools/list", { cursor: variant(cursor, at) });
      if (!("result" in spelled) && (spelled.error as { code?: number } | undefined)?.code !== -32602) {
        throw new Error(`a cursor spelled otherwise was answered ${JSON.stringify(spelled)}`);
      }
      // A call cancelled while it runs.
      const hanging = stdio.sendOnly("tools/call", { name: "hang", arguments: {} });
      stdio.write({ method: "notifications/cancelled", params: { requestId: hanging, reason: "churn" } });
      // A call whose question to the client is never answered: the client cancels the call instead. One at a time:
      // nothing in a question on stdio says which call asks it.
      const turn = asking.then(async () => {
        const asked = stdio.nextServerRequest(`ask-${at}`);
        const call = stdio.sendOnly("tools/call", { name: "ask", arguments: {} });
        await asked;
        stdio.write({ method: "notifications/cancelled", params: { requestId: call, reason: "churn" } });
      });
      asking = turn.catch(() => {});
      await turn;
    };
    await churn(WARM_UP, IN_FLIGHT, cycle);
    const warm = await stdio.rss();
    await churn(CYCLES, IN_FLIGHT, cycle);
    expect(stdio.alive()).toBe(true);
    expect(await stdio.rss()).toBeLessThan(warm + RSS_MARGIN);
  }, 600_000);
});
