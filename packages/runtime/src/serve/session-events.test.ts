import type { EventId, JSONRPCMessage } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { SessionEvents } from "./session-events.js";

/** What the SDK's transport would be sent on a replay after `lastEventId`: ids and messages, in order. */
async function replay(events: SessionEvents, lastEventId: string): Promise<[EventId, JSONRPCMessage][]> {
  const sent: [EventId, JSONRPCMessage][] = [];
  await events.replayEventsAfter(lastEventId, {
    send: async (id, message) => {
      sent.push([id, message]);
    },
  });
  return sent;
}

const message = (n: number): JSONRPCMessage => ({ jsonrpc: "2.0", method: "notifications/message", params: { n } });

describe("SessionEvents", () => {
  it("numbers events across streams and replays one stream's messages after an id, priming events left out", async () => {
    const events = new SessionEvents();
    expect(events.record("a", "")).toBe("1");
    expect(await events.storeEvent("b", message(1))).toBe("2");
    expect(events.record("a", JSON.stringify(message(2)))).toBe("3");
    expect(await events.storeEvent("a", message(3))).toBe("4");
    expect(await replay(events, "1")).toEqual([
      ["3", message(2)],
      ["4", message(3)],
    ]);
    expect(await replay(events, "3")).toEqual([["4", message(3)]]);
    expect(await replay(events, "4")).toEqual([]);
    expect(await replay(events, "2")).toEqual([]);
    expect(events.status("4")).toBe("held");
    expect(events.status("5")).toBe("unknown");
    expect(events.status("0")).toBe("unknown");
    expect(events.status("x")).toBe("unknown");
  });

  it("drops the oldest events past maxEvents, through many rounds of its storage being cut", async () => {
    const events = new SessionEvents({ maxEvents: 3 });
    const total = 1_000;
    for (let n = 1; n <= total; n++) events.record(n % 2 === 0 ? "even" : "odd", JSON.stringify(message(n)));
    for (let id = 1; id <= total - 3; id++) expect(events.status(String(id))).toBe("dropped");
    for (let id = total - 2; id <= total; id++) expect(events.status(String(id))).toBe("held");
    // 998 is even; the even events held after it: 1,000.
    expect(await replay(events, String(total - 2))).toEqual([[String(total), message(total)]]);
    expect(await replay(events, String(total - 1))).toEqual([]);
    await expect(replay(events, String(total - 3))).rejects.toThrow(/not held/);
  });

  it("drops the oldest events past maxEventBytes, counting each message's JSON length", () => {
    const text = JSON.stringify(message(1));
    const events = new SessionEvents({ maxEventBytes: text.length * 2 });
    events.record("a", text);
    events.record("a", text);
    expect(events.status("1")).toBe("held");
    events.record("a", text);
    expect(events.status("1")).toBe("dropped");
    expect(events.status("2")).toBe("held");
    // One message over the bound alone is not kept either.
    events.record("a", text.repeat(3));
    expect(["1", "2", "3", "4"].map((id) => events.status(id))).toEqual(["dropped", "dropped", "dropped", "dropped"]);
    expect(events.record("a", text)).toBe("5");
    expect(events.status("5")).toBe("held");
  });

  it("follows a fast-path stream while it is answered, and keeps nothing once the session closed", () => {
    const events = new SessionEvents();
    const stream = events.openStream(true);
    const priming = stream.record("");
    expect(events.liveStream(priming)).toBe(stream);
    const answer = stream.record(JSON.stringify(message(1)));
    expect(events.framesAfter(priming, stream.id)).toEqual([
      `event: message\nid: ${answer}\ndata: ${JSON.stringify(message(1))}\n\n`,
    ]);
    stream.end();
    expect(events.liveStream(priming)).toBeUndefined();
    expect(events.status(answer)).toBe("held");
    events.close();
    expect(events.status(answer)).toBe("dropped");
    expect(events.record("a", "{}")).toBe("3");
    expect(events.status("3")).toBe("dropped");
  });

  it("gives each fast-path stream its own id", () => {
    const events = new SessionEvents();
    const ids = new Set(Array.from({ length: 5 }, () => events.openStream(false).id));
    expect(ids.size).toBe(5);
  });
});
