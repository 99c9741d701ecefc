// A legacy HTTP session whose client cancels a call in flight (notifications/cancelled, sent by the official clients
// when the call's signal aborts): the call's event stream ends, on the fast path and on the SDK path, whether the
// handler stops at the abort or runs on. The SDK's transport sends nothing for a cancelled request and left that
// stream open until the client went away. Served over a real port, with the official v2 client (2025-11-25) and the
// v1 client.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { type ServeHandle, serve, server } from "./support/runtime.js";

const CLIENT_INFO = { name: "cancel-test", version: "1.0.0" };

/** Settled by each handler: `stopping` when it sees the abort, `released` lets `stubborn` finish. */
interface Observed {
  aborted: string[];
  release: () => void;
}

function app(observed: Observed) {
  let released: () => void = () => {};
  const stubbornDone = new Promise<void>((resolve) => {
    released = resolve;
  });
  observed.release = () => released();
  return server({ name: "cancel", version: "1.0.0" })
    .tool("echo", { description: "Echoes." }, () => "echo")
    .tool("stops", { description: "Runs until its call is cancelled, then stops." }, (_args, ctx) => {
      return new Promise<string>((_resolve, reject) => {
        ctx.signal.addEventListener("abort", () => {
          observed.aborted.push("stops");
          reject(ctx.signal.reason);
        });
      });
    })
    .tool("stubborn", { description: "Sees the cancel, and runs on until released." }, async (_args, ctx) => {
      ctx.signal.addEventListener("abort", () => observed.aborted.push("stubborn"));
      await stubbornDone;
      return "finished anyway";
    });
}

/** A `fetch` that tells when the body of each tools/call answer ends, by the tool's name, from the call's sending. */
function watchingFetch() {
  const ended = new Map<string, Promise<void>>();
  const fetcher: typeof fetch = async (input, init) => {
    const sent =
      typeof init?.body === "string" ? (JSON.parse(init.body) as { method?: string; params?: { name?: string } }) : {};
    if (sent.method !== "tools/call") return fetch(input, init);
    let end: () => void = () => {};
    ended.set(
      sent.params!.name!,
      new Promise<void>((resolve) => {
        end = resolve;
      }),
    );
    const response = await fetch(input, init);
    if (response.body === null) {
      end();
      return response;
    }
    const watched = response.body.pipeThrough(new TransformStream({ flush: () => end() }));
    return new Response(watched, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { fetcher, ended: (name: string) => ended.get(name) };
}

let handle: ServeHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe.each([true, false])("a cancelled call in a legacy HTTP session (fastPath: %s)", (fastPath) => {
  for (const tool of ["stops", "stubborn"] as const) {
    it(`ends the stream of a call to ${tool}, v2 client in legacy mode`, async () => {
      const observed: Observed = { aborted: [], release: () => {} };
      handle = await serve(app(observed), { transport: "http", fastPath, http: { host: "127.0.0.1", port: 0 } });
      const watch = watchingFetch();
      const client = new Client(CLIENT_INFO);
      await client.connect(new StreamableHTTPClientTransport(handle.url!, { fetch: watch.fetcher }));
      expect(client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
      try {
        const aborter = new AbortController();
        const call = client.callTool({ name: tool }, { signal: aborter.signal });
        await expect.poll(() => watch.ended(tool) !== undefined).toBe(true);
        aborter.abort("the user gave up");
        await expect(call).rejects.toThrow();
        await expect.poll(() => observed.aborted).toEqual([tool]);
        // The stream of the cancelled call ends while the session goes on (a stubborn handler still runs).
        await watch.ended(tool);
        expect((await client.callTool({ name: "echo" })).content).toEqual([{ type: "text", text: "echo" }]);
      } finally {
        observed.release();
        await client.close();
      }
    });
  }

  it("ends the stream of a cancelled call, v1 client", async () => {
    const observed: Observed = { aborted: [], release: () => {} };
    handle = await serve(app(observed), { transport: "http", fastPath, http: { host: "127.0.0.1", port: 0 } });
    const watch = watchingFetch();
    const client = new V1Client(CLIENT_INFO);
    await client.connect(new V1StreamableHTTPClientTransport(handle.url!, { fetch: watch.fetcher }));
    try {
      const aborter = new AbortController();
      const call = client.callTool({ name: "stubborn" }, undefined, { signal: aborter.signal });
      await expect.poll(() => watch.ended("stubborn") !== undefined).toBe(true);
      aborter.abort("the user gave up");
      await expect(call).rejects.toThrow();
      await watch.ended("stubborn");
      expect(observed.aborted).toEqual(["stubborn"]);
    } finally {
      observed.release();
      await client.close();
    }
  });
});
