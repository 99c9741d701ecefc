import { createServer, type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FastAnswer } from "../engine/fast/fast-path.js";
import type { FastRequest } from "../engine/fast/recognise.js";
import {
  type AnswerSink,
  FastReply,
  type Journal,
  KEEP_ALIVE_MS,
  STREAM_HEAD,
  writeFastAnswer,
} from "./fast-answer.js";
import type { Incoming } from "./incoming.js";
import { toNodeListener } from "./node-adapter.js";

const REQUEST: FastRequest = { id: 1, method: "tools/call", params: {}, meta: {} };
const ANSWER: FastAnswer = { status: 200, text: '{"jsonrpc":"2.0","id":1,"result":{}}' };

/** A journal that numbers what it records, as a session's does. */
function journal(): Journal {
  let next = 0;
  return { primes: true, record: () => String(++next), end: () => {} };
}

/** A sink that keeps what is written to it. */
function recordingSink(): AnswerSink & { chunks: string[]; ended: boolean } {
  return {
    chunks: [],
    ended: false,
    gone: false,
    json() {
      throw new Error("an event stream was expected");
    },
    open() {},
    write(chunk) {
      this.chunks.push(chunk);
    },
    end(last) {
      if (last !== undefined) this.chunks.push(last);
      this.ended = true;
    },
  };
}

/** A legacy session's answer (always an event stream), answered when `answered` resolves. */
function sessionReply(answered: Promise<FastAnswer>, incoming = {} as Incoming): FastReply {
  return new FastReply(
    { answer: () => answered },
    REQUEST,
    incoming,
    undefined,
    "sse",
    undefined,
    STREAM_HEAD,
    journal(),
  );
}

describe("writeFastAnswer's event stream", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("arms no keep-alive timer for an answer finished in the turn that opened its stream", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    const armed = vi.spyOn(globalThis, "setInterval");
    const sink = recordingSink();
    await writeFastAnswer(sessionReply(Promise.resolve(ANSWER)), sink);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(armed).not.toHaveBeenCalled();
    expect(sink.chunks).toEqual(["id: 1\ndata: \n\n", `event: message\nid: 2\ndata: ${ANSWER.text}\n\n`]);
  });

  it("sends a keep-alive comment every interval while a stream waits past its first turn, and stops at its end", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    const sink = recordingSink();
    let answer: (value: FastAnswer) => void = () => {};
    const written = writeFastAnswer(sessionReply(new Promise((resolve) => (answer = resolve))), sink);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(KEEP_ALIVE_MS * 2);
    expect(sink.chunks).toEqual(["id: 1\ndata: \n\n", ": keepalive\n\n", ": keepalive\n\n"]);
    answer(ANSWER);
    await written;
    expect(sink.ended).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("NodeSink (through the Node front)", () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  /**
   * A server whose every answer is a session's event stream, answered when `answer` says; the client's view of the
   * answer: its headers, and the body as it came, chunk by chunk.
   */
  async function exchange(
    answer: (firstChunkSeen: Promise<void>) => Promise<FastAnswer>,
  ): Promise<{ headers: IncomingHttpHeaders; chunks: string[] }> {
    let seen: () => void = () => {};
    const firstChunkSeen = new Promise<void>((resolve) => (seen = resolve));
    // As the Node front writes a reply: once the endpoint's promise has given it.
    const listener = toNodeListener({
      handle: async (exchange) => sessionReply(answer(firstChunkSeen), exchange.incoming),
    });
    server = createServer((req, res) => void listener(req, res));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    return new Promise((resolve, reject) => {
      request(url, { method: "POST" }, (res) => {
        const chunks: string[] = [];
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          chunks.push(chunk);
          seen();
        });
        res.on("end", () => resolve({ headers: res.headers, chunks }));
      })
        .on("error", reject)
        .end();
    });
  }

  it("sends a stream answered in its first turn whole, priming event and answer, with its length", async () => {
    const { headers, chunks } = await exchange(async () => ANSWER);
    const body = `id: 1\ndata: \n\nevent: message\nid: 2\ndata: ${ANSWER.text}\n\n`;
    expect(headers["content-type"]).toBe("text/event-stream");
    expect(headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(headers["transfer-encoding"]).toBeUndefined();
    expect(chunks.join("")).toBe(body);
  });

  it("sends the priming event at the end of the first turn when the answer is not ready, then the answer", async () => {
    // The answer waits until the client has received the priming event: it cannot have come with it.
    const { headers, chunks } = await exchange(async (firstChunkSeen) => {
      await firstChunkSeen;
      return ANSWER;
    });
    expect(headers["content-type"]).toBe("text/event-stream");
    expect(headers["content-length"]).toBeUndefined();
    expect(chunks[0]).toBe("id: 1\ndata: \n\n");
    expect(chunks.join("")).toBe(`id: 1\ndata: \n\nevent: message\nid: 2\ndata: ${ANSWER.text}\n\n`);
  });
});
