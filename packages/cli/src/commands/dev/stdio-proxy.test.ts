import { describe, expect, it } from "vitest";
import { REPLAY_ID, StdioProxy } from "./stdio-proxy.js";

const request = (id: number | string, method: string) => JSON.stringify({ jsonrpc: "2.0", id, method, params: {} });
const response = (id: number | string) => JSON.stringify({ jsonrpc: "2.0", id, result: {} });
const INITIALIZE = request(0, "initialize");
const INITIALIZED = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });

/** A proxy with its host and server as arrays of the lines each received. */
function harness() {
  const host: string[] = [];
  const proxy = new StdioProxy((line) => host.push(line));
  const server =
    (lines: string[] = []) =>
    (line: string) =>
      void lines.push(line);
  return { host, proxy, server };
}

describe("the dev stdio proxy", () => {
  it("holds the host's lines until the first server is connected, then passes them on in order", async () => {
    const { proxy, server } = harness();
    proxy.fromHost(INITIALIZE);
    proxy.fromHost(INITIALIZED);
    const received: string[] = [];
    // No handshake was seen yet while holding, so nothing is replayed.
    await proxy.connect(server(received));
    expect(received).toEqual([INITIALIZE, INITIALIZED]);
    expect(proxy.inFlight).toBe(1);
  });

  it("counts requests in flight, and resolves whenIdle once the server has answered them all", async () => {
    const { host, proxy, server } = harness();
    await proxy.connect(server());
    proxy.fromHost(request(1, "tools/list"));
    proxy.fromHost(request("two", "tools/call"));
    proxy.fromHost(INITIALIZED); // a notification is not in flight
    expect(proxy.inFlight).toBe(2);
    let idle = false;
    void proxy.whenIdle().then(() => {
      idle = true;
    });
    proxy.fromServer(response(1));
    await Promise.resolve();
    expect(idle).toBe(false);
    proxy.fromServer(response("two"));
    await Promise.resolve();
    expect(idle).toBe(true);
    expect(host).toEqual([response(1), response("two")]);
  });

  it("replays the host's handshake to a new server and keeps its answer from the host", async () => {
    const { host, proxy, server } = harness();
    await proxy.connect(server());
    proxy.fromHost(INITIALIZE);
    proxy.fromServer(response(0));
    proxy.fromHost(INITIALIZED);

    proxy.hold();
    proxy.fromHost(request(5, "tools/list")); // held during the swap
    const next: string[] = [];
    const connected = proxy.connect(server(next));
    expect(next).toEqual([JSON.stringify({ jsonrpc: "2.0", id: REPLAY_ID, method: "initialize", params: {} })]);
    proxy.fromServer(response(REPLAY_ID));
    await connected;
    expect(next.slice(1)).toEqual([INITIALIZED, request(5, "tools/list")]);
    expect(host).toEqual([response(0)]);
  });

  it("answers requests with an error while no server runs, and stops waiting when the server goes away", async () => {
    const { host, proxy, server } = harness();
    await proxy.connect(server());
    proxy.fromHost(request(1, "tools/call"));
    const idle = proxy.whenIdle();
    proxy.disconnect();
    await idle;
    expect(proxy.inFlight).toBe(0);
    proxy.fromHost(request(2, "tools/list"));
    proxy.fromHost(INITIALIZED);
    expect(host.map((line) => JSON.parse(line))).toEqual([
      {
        jsonrpc: "2.0",
        id: 2,
        error: { code: -32603, message: expect.stringContaining("the server is not running") },
      },
    ]);
  });

  it("answers held requests when released with no server (the first build failed)", () => {
    const { host, proxy } = harness();
    proxy.fromHost(request(1, "tools/list"));
    expect(host).toEqual([]);
    proxy.release();
    expect(JSON.parse(host[0]!)).toMatchObject({ id: 1, error: { code: -32603 } });
  });

  it("passes lines that are not JSON-RPC objects through", async () => {
    const { host, proxy, server } = harness();
    const received: string[] = [];
    await proxy.connect(server(received));
    proxy.fromHost("not json");
    proxy.fromServer("[1,2]");
    expect(received).toEqual(["not json"]);
    expect(host).toEqual(["[1,2]"]);
  });
});
