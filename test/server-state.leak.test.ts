// What the server keeps per client or per request besides legacy sessions is released, or bounded by its documented
// limit: a run of tens of thousands of cycles under a small heap ends within RSS_MARGIN of the memory the same
// server held after its first WARM_UP cycles (test/support/churn.ts).
import { afterEach, describe, expect, it } from "vitest";
import {
  type ChurnServer,
  churn,
  MCPSMITH_CHURN_SERVER,
  modernPost,
  RSS_MARGIN,
  startChurnServer,
} from "./support/churn.js";

// What still exhausts the heap, or the margin, when the release or the bound a case checks is undone.
const CYCLES = 5_000;
const WARM_UP = 1_000;
const IN_FLIGHT = 8;
/** Below the run's length, so that the cap is reached (the default, 10,000, is the same rule). */
const MAX_TASKS = 2_000;

let server: ChurnServer | undefined;
afterEach(() => server?.close());

async function expectBoundedAfter(options: object, cycle: (url: URL, index: number) => Promise<void>) {
  server = await startChurnServer(MCPSMITH_CHURN_SERVER, [JSON.stringify(options)]);
  const { url } = server;
  let index = 0;
  await churn(WARM_UP, IN_FLIGHT, () => cycle(url, index++));
  const warm = await server.rss();
  await churn(CYCLES, IN_FLIGHT, () => cycle(url, index++));
  expect(server.alive()).toBe(true);
  expect(await server.rss()).toBeLessThan(warm + RSS_MARGIN);
}

async function answerOf(response: Response): Promise<{ result?: Record<string, unknown>; error?: { code: number } }> {
  const text = await response.text();
  const data = text.startsWith("{")
    ? text
    : text
        .split("\n")
        .findLast((line) => line.startsWith("data:"))
        ?.slice(5);
  return JSON.parse(data ?? "{}");
}

async function createTask(url: URL): Promise<{ result?: Record<string, unknown>; error?: { code: number } }> {
  return answerOf(await fetch(url, modernPost("tools/call", { name: "job", arguments: {} }, "job")));
}

describe("per-client state under churn", () => {
  it("lets go of listen streams the client closed", async () => {
    await expectBoundedAfter({}, async (url) => {
      const controller = new AbortController();
      const listen = modernPost("subscriptions/listen", { notifications: { toolsListChanged: true } });
      const response = await fetch(url, { ...listen, signal: controller.signal });
      if (!response.ok) throw new Error(`listen was refused: ${response.status} ${await response.text()}`);
      controller.abort();
      await response.body?.cancel().catch(() => {});
    });
  }, 600_000);

  it("lets go of tasks past their TTL", async () => {
    await expectBoundedAfter({ tasks: { ttlMs: 20 } }, async (url) => {
      const { result, error } = await createTask(url);
      if (result?.resultType !== "task") throw new Error(`no task: ${JSON.stringify(error)}`);
    });
  }, 600_000);

  it("keeps no more tasks than maxTasks for a client creating them as fast as it can", async () => {
    let refused = 0;
    await expectBoundedAfter({ tasks: { maxTasks: MAX_TASKS } }, async (url) => {
      const { result, error } = await createTask(url);
      if (error?.code === -32030) refused += 1;
      else if (result?.resultType !== "task") throw new Error(`neither a task nor a refusal: ${JSON.stringify(error)}`);
    });
    // The cap was reached and held.
    expect(refused).toBe(WARM_UP + CYCLES - MAX_TASKS);
  }, 600_000);

  it("keeps a bounded number of rate-limit buckets for many distinct clients", async () => {
    await expectBoundedAfter({ rateLimitByHeader: true }, async (url, index) => {
      const call = modernPost("tools/call", { name: "echo", arguments: { text: "x" } }, "echo");
      const response = await fetch(url, { ...call, headers: { ...call.headers, "x-client": `client-${index}` } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`client-${index} was answered ${response.status}`);
    });
  }, 600_000);
});
