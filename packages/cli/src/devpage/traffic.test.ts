import { describe, expect, it, vi } from "vitest";
import { PageStore } from "./store.js";
import { type Channel, TrafficRecorder } from "./traffic.js";

const HOST: Channel = { exchange: "stdio", session: "stdio", page: false };

function recorder(onToolsListed?: (tools: unknown[]) => void) {
  const store = new PageStore({ state: "running", transport: "stdio", starts: 1, canCall: false });
  const listChanged = vi.fn();
  return { store, listChanged, traffic: new TrafficRecorder(store, () => 1, listChanged, onToolsListed) };
}

const call = (id: number, params: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "greet", arguments: {}, ...params },
});

describe("TrafficRecorder", () => {
  it("opens a call with a trace the server continues, and closes it with the answer", () => {
    const { store, traffic } = recorder();
    const sent = traffic.fromClient(call(1, {}), HOST) as { params: { _meta: { traceparent: string } } };
    const [entry] = store.state().calls;
    expect(sent.params._meta.traceparent).toMatch(new RegExp(`^00-${entry!.traceId}-[0-9a-f]{16}-01$`));
    expect(entry).toMatchObject({ method: "tools/call", target: "greet", from: "client", state: "pending" });
    traffic.fromServer({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "hi" }] } }, HOST);
    expect(store.call(entry!.id)).toMatchObject({ state: "ok", summary: "hi" });
    expect(store.call(entry!.id)!.request).toContain("traceparent");
  });

  it("keeps a client's own trace, from _meta or the HTTP header, and sends the request unchanged", () => {
    const { store, traffic } = recorder();
    const own = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const request = call(1, { _meta: { traceparent: own } });
    expect(traffic.fromClient(request, HOST)).toBe(request);
    const viaHeader = call(2, {});
    const other = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    expect(traffic.fromClient(viaHeader, { ...HOST, traceparent: other })).toBe(viaHeader);
    expect(store.state().calls.map((entry) => entry.traceId)).toEqual([
      "4bf92f3577b34da6a3ce929d0e0e4736",
      "0af7651916cd43dd8448eb211c80319c",
    ]);
  });

  it("files a 2026-07-28 input round under its call: input_required, then the call again with the answer", () => {
    const { store, traffic } = recorder();
    traffic.fromClient(call(1, {}), HOST);
    const asked = { "input-0": { method: "elicitation/create", params: { message: "Which colour?" } } };
    traffic.fromServer(
      { jsonrpc: "2.0", id: 1, result: { resultType: "input_required", inputRequests: asked, requestState: "s1" } },
      HOST,
    );
    const again = traffic.fromClient(
      call(2, { inputResponses: { "input-0": { action: "accept" } }, requestState: "s1" }),
      HOST,
    ) as { params: { _meta: { traceparent: string } } };
    traffic.fromServer({ jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: "blue" }] } }, HOST);
    const [entry, ...others] = store.state().calls;
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ state: "ok", summary: "blue" });
    expect(entry!.rounds).toHaveLength(1);
    expect(entry!.rounds[0]!.asked).toContain("Which colour?");
    expect(entry!.rounds[0]!.answer).toContain("accept");
    // Both rounds in one trace: the spans of either find the call.
    expect(again.params._meta.traceparent).toContain(entry!.traceId);
  });

  it("follows a task to its result, and a legacy server request to its answer", () => {
    const { store, traffic } = recorder();
    traffic.fromClient(call(1, { task: { ttl: 1000 } }), HOST);
    traffic.fromServer({ jsonrpc: "2.0", id: 1, result: { task: { taskId: "t1", status: "working" } } }, HOST);
    traffic.fromClient({ jsonrpc: "2.0", id: 2, method: "tasks/get", params: { taskId: "t1" } }, HOST);
    traffic.fromServer({ jsonrpc: "2.0", id: 2, result: { taskId: "t1", status: "completed" } }, HOST);
    traffic.fromClient({ jsonrpc: "2.0", id: 3, method: "tasks/result", params: { taskId: "t1" } }, HOST);
    traffic.fromServer({ jsonrpc: "2.0", id: 3, result: { content: [{ type: "text", text: "done" }] } }, HOST);
    const [task] = store.state().calls;
    expect(task).toMatchObject({ state: "ok", summary: "done", task: { taskId: "t1", status: "completed" } });
    expect(task!.task!.history.map((step) => step.status)).toEqual(["working", "completed"]);

    traffic.fromClient(call(4, {}), HOST);
    traffic.fromServer({ jsonrpc: "2.0", id: 0, method: "elicitation/create", params: { message: "Sure?" } }, HOST);
    traffic.fromClient({ jsonrpc: "2.0", id: 0, result: { action: "decline" } }, HOST);
    const asking = store.state().calls.at(-1)!;
    expect(asking.rounds).toMatchObject([{ kind: "request" }]);
    expect(asking.rounds[0]!.answer).toContain("decline");
  });

  it("marks calls the server never answered, hears list changes, and reads whole tool lists", () => {
    const listed = vi.fn();
    const { store, traffic, listChanged } = recorder(listed);
    traffic.fromClient(call(1, {}), HOST);
    traffic.ended("stdio");
    expect(store.state().calls[0]!.state).toBe("lost");
    traffic.fromServer({ jsonrpc: "2.0", method: "notifications/tools/list_changed" }, HOST);
    expect(listChanged).toHaveBeenCalledOnce();
    traffic.fromClient({ jsonrpc: "2.0", id: 2, method: "tools/list" }, HOST);
    traffic.fromServer({ jsonrpc: "2.0", id: 2, result: { tools: [{ name: "greet" }] } }, HOST);
    expect(listed).toHaveBeenCalledWith([{ name: "greet" }]);
  });
});
