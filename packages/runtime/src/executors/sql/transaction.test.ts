import { describe, expect, it, vi } from "vitest";
import { Cancellation } from "./cancellation.js";
import type { Session } from "./driver.js";
import { type TransactionSteps, transactionsOf } from "./transaction.js";

const session: Session = {
  run: async () => ({ columns: [], rows: [], arrays: [], truncated: false }),
  affected: 0,
  insertId: undefined,
};

/** An engine's steps that record what the transaction did, in order. */
function recordingSteps() {
  const done: string[] = [];
  const steps: TransactionSteps<string, Session> = {
    acquire: (_settings, bounded) => {
      done.push(bounded ? "acquire bounded" : "acquire");
      return "connection";
    },
    cancelOn: () => {
      done.push("watch cancellation");
      return () => done.push("unwatch");
    },
    begin: async (_connection, mode) => {
      done.push(`begin ${mode}`);
      return session;
    },
    autocommit: async () => {
      done.push("autocommit");
      return session;
    },
    end: async () => void done.push("end"),
    abort: () => void done.push("abort"),
    release: (_connection, { bounded }) => void done.push(bounded ? "release bounded" : "release"),
  };
  return { steps, done };
}

describe("a driver's transaction", () => {
  it("watches the cancellation of a read that is not bounded, and of a write, until the connection goes back", async () => {
    const { steps, done } = recordingSteps();
    const { transaction } = transactionsOf(steps);
    const settings = { timeoutMs: 1000, cancellation: new Cancellation() };
    await transaction("read", settings, async () => done.push("work"));
    await transaction("write", settings, async () => done.push("work"), { bounded: true });
    expect(done).toEqual([
      ...["acquire", "watch cancellation", "begin read", "work", "end", "unwatch", "release"],
      ...["acquire", "watch cancellation", "begin write", "work", "end", "unwatch", "release"],
    ]);
  });

  it("leaves a bounded read unwatched: its request's signal is never made, and a cancel cannot outrun it", async () => {
    const { steps, done } = recordingSteps();
    const request = vi.fn(() => new AbortController().signal);
    const settings = { timeoutMs: 1000, cancellation: new Cancellation(request) };
    await transactionsOf(steps).transaction("read", settings, async () => done.push("work"), { bounded: true });
    expect(done).toEqual(["acquire bounded", "autocommit", "work", "release bounded"]);
    expect(request).not.toHaveBeenCalled();
  });

  it("watches a bounded read of SQL a model wrote, which may not be bounded at all", async () => {
    const { steps, done } = recordingSteps();
    const settings = { timeoutMs: 1000, cancellation: new Cancellation() };
    await transactionsOf(steps).untrustedRead(settings, async () => done.push("work"));
    expect(done).toEqual(["acquire", "watch cancellation", "begin read", "work", "end", "unwatch", "release"]);
  });
});
