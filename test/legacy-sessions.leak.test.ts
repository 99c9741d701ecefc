// Legacy HTTP sessions end whole, however they end: every cycle opens one, and a run of tens of thousands under a
// small heap must cost about what it costs the SDK alone (test/support/churn.ts).
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type ChurnServer,
  callCutAndResume,
  churn,
  deleteSession,
  MCPSMITH_CHURN_SERVER,
  openAndDropStream,
  openSession,
  postAndDropAfter,
  RSS_MARGIN,
  SDK_CHURN_SERVER,
  startChurnServer,
} from "./support/churn.js";

// Each count is what still exhausts the heap, or the margin, when the release it checks is undone (a few KB kept
// per session or per call); larger runs only take longer in CI.
const SESSIONS = 5_000;
/**
 * A session ended with DELETE kept less than one evicted by the cap, so it takes more: with the rebuilt request's
 * signal link back (serve/follow-signal.ts), 5,000 stayed within the margin and 12,000 exhausted the heap.
 */
const DELETED_SESSIONS = 12_000;
/** The SDK alone stays flat: its memory after this many sessions is what it needs after any number. */
const SDK_SESSIONS = 2_000;
/** Calls cut and resumed, each kept up to the session's bound of events: unbounded, they fill the heap. */
const RESUMED_CALLS = 3_000;
const PROGRESS_SIZE = 32_000;
const IN_FLIGHT = 8;

let sdkRss: number;

beforeAll(async () => {
  const sdk = await startChurnServer(SDK_CHURN_SERVER);
  try {
    await churn(SDK_SESSIONS, IN_FLIGHT, async () => deleteSession(sdk.url, await openSession(sdk.url)));
    sdkRss = await sdk.rss();
  } finally {
    await sdk.close();
  }
}, 600_000);

describe("legacy sessions under churn", () => {
  let server: ChurnServer | undefined;
  afterEach(() => server?.close());

  async function expectBoundedAfter(
    options: object,
    cycle: (url: URL, lane: number) => Promise<void>,
    cycles = SESSIONS,
  ) {
    server = await startChurnServer(MCPSMITH_CHURN_SERVER, [JSON.stringify(options)]);
    const { url } = server;
    await churn(cycles, IN_FLIGHT, (lane) => cycle(url, lane));
    expect(server.alive()).toBe(true);
    expect(await server.rss()).toBeLessThan(sdkRss + RSS_MARGIN);
  }

  it("lets go of sessions ended with DELETE", async () => {
    await expectBoundedAfter({}, async (url) => deleteSession(url, await openSession(url)), DELETED_SESSIONS);
  }, 600_000);

  it("lets go of sessions evicted by the cap", async () => {
    await expectBoundedAfter({}, async (url) => void (await openSession(url)));
  }, 600_000);

  it("lets go of sessions left idle past idleMs", async () => {
    await expectBoundedAfter({ legacySessions: { idleMs: 20 } }, async (url) => void (await openSession(url)));
  }, 600_000);

  it("lets go of a session's streams closed by the client, and of the session's input requests never answered", async () => {
    const ask = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "ask", arguments: {} } };
    await expectBoundedAfter({}, async (url) => {
      const id = await openSession(url, { elicitation: {} });
      await openAndDropStream(url, id);
      await openAndDropStream(url, id); // the client reconnects
      await postAndDropAfter(url, id, ask, "elicitation/create");
      await deleteSession(url, id);
    });
  }, 600_000);

  it.each([
    { fastPath: true, path: "the fast path" },
    { fastPath: false, path: "the SDK path" },
  ])(
    "keeps a bounded part of what a long session sent on streams closed and resumed ($path)",
    async ({ fastPath }) => {
      // One session per lane for the whole run: what its streams sent is kept for resumption, within its bound.
      const sessions: Promise<string>[] = [];
      const talk = (id: number) => ({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name: "talk", arguments: { size: PROGRESS_SIZE }, _meta: { progressToken: id } },
      });
      let calls = 0;
      await expectBoundedAfter(
        { fastPath },
        async (url, lane) => {
          sessions[lane] ??= openSession(url);
          await callCutAndResume(url, await sessions[lane], talk(++calls));
        },
        RESUMED_CALLS,
      );
      for (const session of sessions) await deleteSession(server!.url, await session);
    },
    600_000,
  );
});
