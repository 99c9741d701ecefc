import { describe, expect, it, vi } from "vitest";
import { Restarter, type RunningServer } from "./restarter.js";
import { StdioProxy } from "./stdio-proxy.js";

/** Fake servers: each records the lines it receives and what happened to it, in one shared event list. */
function servers() {
  const events: string[] = [];
  const started: { server: RunningServer; received: string[]; exit(how: string): void }[] = [];
  let available = true;
  const launch = (onExit: (how: string) => void): RunningServer | undefined => {
    if (!available) return undefined;
    const pid = started.length + 1;
    const received: string[] = [];
    const server: RunningServer = {
      pid,
      send: (line) => void received.push(line),
      stop: async () => {
        events.push(`stop ${pid}`);
        await new Promise((resolve) => setImmediate(resolve));
        events.push(`stopped ${pid}`);
      },
    };
    events.push(`start ${pid}`);
    started.push({ server, received, exit: onExit });
    return server;
  };
  return {
    events,
    started,
    launch,
    setAvailable(value: boolean) {
      available = value;
    },
  };
}

/** Resolves once the restarter has worked through everything queued so far. */
function settled(restarter: Restarter): Promise<void> {
  return new Promise((resolve) => restarter.enqueue(resolve));
}

/** A restarter over stdio whose first server has started, with the lines the host received and the log. */
async function startedOverStdio() {
  const fake = servers();
  const host: string[] = [];
  const proxy = new StdioProxy((line) => host.push(line));
  const log: string[] = [];
  const restarter = new Restarter({ launch: fake.launch, proxy, log: (text) => log.push(text), where: "" });
  restarter.restart();
  await settled(restarter);
  return { fake, host, proxy, log, restarter };
}

const request = (id: number, method = "tools/call") => JSON.stringify({ jsonrpc: "2.0", id, method });
const response = (id: number | string) => JSON.stringify({ jsonrpc: "2.0", id, result: {} });

describe("the dev restarter", () => {
  it("starts, then swaps servers one at a time, stopping the old one before the new one starts", async () => {
    const fake = servers();
    const log: string[] = [];
    const restarter = new Restarter({
      launch: fake.launch,
      proxy: undefined,
      log: (t) => log.push(t),
      where: " on URL",
    });
    restarter.restart();
    restarter.restart();
    restarter.restart();
    expect(restarter.switching).toBe(true);
    await settled(restarter);
    expect(fake.events).toEqual(["start 1", "stop 1", "stopped 1", "start 2", "stop 2", "stopped 2", "start 3"]);
    expect(log).toEqual([
      "started the server (pid 1) on URL",
      "restarted the server (pid 2) on URL",
      "restarted the server (pid 3) on URL",
    ]);
    expect(restarter.switching).toBe(false);
    expect(restarter.running).toBe(true);
  });

  it("over stdio, waits for the requests in flight before the swap and replays the handshake to the new server", async () => {
    const { fake, host, proxy, log, restarter } = await startedOverStdio();
    proxy.fromHost(request(0, "initialize"));
    proxy.fromServer(response(0));
    proxy.fromHost(request(1));

    restarter.restart();
    await vi.waitFor(() =>
      expect(log.at(-1)).toBe("a new build is ready; the server restarts once the 1 request in flight finishes"),
    );
    expect(fake.events).toEqual(["start 1"]);
    proxy.fromHost(request(2)); // held during the swap
    proxy.fromServer(response(1));
    await vi.waitFor(() => expect(fake.events).toEqual(["start 1", "stop 1", "stopped 1", "start 2"]));
    expect(fake.started[1]!.received).toHaveLength(1); // the replayed initialize, waiting for its answer
    proxy.fromServer(response("mcpsmith-dev-replay"));
    await settled(restarter);
    expect(fake.started[1]!.received.slice(1)).toEqual([request(2)]);
    expect(host).toEqual([response(0), response(1)]);
  });

  it("notices a server that exits by itself, and starts one on the next build", async () => {
    const { fake, host, proxy, log, restarter } = await startedOverStdio();
    proxy.fromHost(request(7));
    fake.started[0]!.exit("code 1");
    expect(restarter.running).toBe(false);
    expect(log.at(-1)).toBe("the server exited (code 1); it starts again on the next change");
    expect(proxy.inFlight).toBe(0);
    proxy.fromHost(request(8)); // answered at once: nothing runs until the next build
    expect(JSON.parse(host.at(-1)!)).toMatchObject({ id: 8, error: { code: -32603 } });
    restarter.restart();
    await settled(restarter);
    expect(restarter.running).toBe(true);
    expect(fake.events).toEqual(["start 1", "start 2"]);
  });

  it("runs nothing while there is no build, and nothing after it is stopped", async () => {
    const fake = servers();
    const restarter = new Restarter({ launch: fake.launch, proxy: undefined, log: () => {}, where: "" });
    fake.setAvailable(false);
    restarter.restart();
    await settled(restarter);
    expect(restarter.running).toBe(false);
    fake.setAvailable(true);
    restarter.restart();
    await settled(restarter);
    await restarter.stop();
    restarter.restart();
    await settled(restarter);
    expect(fake.events).toEqual(["start 1", "stop 1", "stopped 1"]);
    expect(restarter.running).toBe(false);
  });
});
