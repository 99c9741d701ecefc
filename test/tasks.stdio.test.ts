import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFORMANCE_MAIN, ROOT } from "./support/servers.js";

// The tasks extension over stdio (2026-07-28), against examples/conformance-server's task fixtures, with raw
// newline-delimited JSON-RPC: the SDK would refuse tasks/* on this era, so mcpsmith answers them on the transport.

const TASKS = "io.modelcontextprotocol/tasks";

// biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field, as a client would
type Json = any;
type Message = { id?: number; result?: Record<string, Json>; error?: { code: number; message: string } };

describe("tasks over stdio (2026-07-28)", () => {
  let child: ChildProcessWithoutNullStreams;
  const waiting = new Map<number, (message: Message) => void>();
  let nextId = 1;

  beforeAll(() => {
    child = spawn(process.execPath, [CONFORMANCE_MAIN, "--stdio"], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
    let pending = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      pending += chunk;
      for (let end = pending.indexOf("\n"); end >= 0; end = pending.indexOf("\n")) {
        const message = JSON.parse(pending.slice(0, end)) as Message;
        pending = pending.slice(end + 1);
        if (message.id !== undefined) waiting.get(message.id)?.(message);
      }
    });
  });
  afterAll(() => {
    child.stdin.end();
  });

  function request(method: string, params: Record<string, unknown>, withTasks = true): Promise<Message> {
    const id = nextId++;
    const answered = new Promise<Message>((resolve) => waiting.set(id, resolve));
    const capabilities = withTasks ? { extensions: { [TASKS]: {} }, elicitation: {} } : {};
    const _meta = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientCapabilities": capabilities,
      "io.modelcontextprotocol/clientInfo": { name: "tasks-stdio-test", version: "1.0.0" },
    };
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params: { ...params, _meta } })}\n`);
    return answered;
  }

  async function until(taskId: string, status: string): Promise<Record<string, Json>> {
    for (let i = 0; i < 300; i++) {
      const { result } = await request("tasks/get", { taskId });
      if (result?.status === status) return result;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`task ${taskId} never reached ${status}`);
  }

  it("advertises the extension, creates a task, and inlines its result on tasks/get", async () => {
    const discover = await request("server/discover", {});
    expect(discover.result!.capabilities.extensions).toEqual({ [TASKS]: {} });
    const created = await request("tools/call", { name: "slow_compute", arguments: { seconds: 0.2 } });
    expect(created.result).toMatchObject({ resultType: "task", status: "working" });
    const done = await until(created.result!.taskId, "completed");
    expect(done.result.content[0].text).toBe("Computed result after 0.2s");
  });

  it("parks on input and resumes on tasks/update", async () => {
    const { result } = await request("tools/call", { name: "confirm_delete", arguments: { filename: "f.txt" } });
    const waitingTask = await until(result!.taskId, "input_required");
    const [key] = Object.keys(waitingTask.inputRequests);
    const ack = await request("tasks/update", {
      taskId: result!.taskId,
      inputResponses: { [key!]: { action: "accept", content: { confirm: true } } },
    });
    expect(ack.result!.resultType).toBe("complete");
    expect((await until(result!.taskId, "completed")).result.content[0].text).toBe("Deleted f.txt");
  });

  it("runs inline and gates tasks/* for a request without the extension; tasks/list does not exist", async () => {
    const inline = await request("tools/call", { name: "slow_compute", arguments: { seconds: 0 } }, false);
    expect(inline.result).toMatchObject({ resultType: "complete" });
    expect((await request("tasks/get", { taskId: "x" }, false)).error?.code).toBe(-32021);
    expect((await request("tasks/get", { taskId: "no-such-task" })).error?.code).toBe(-32602);
    expect((await request("tasks/list", {})).error?.code).toBe(-32601);
  });
});
