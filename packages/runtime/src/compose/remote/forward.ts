import type { RequestOptions } from "@modelcontextprotocol/client";
import type { Context } from "../../model/context.js";
import type { RemoteConnection } from "./connection.js";
import { remoteFailure } from "./failure.js";
import { type RemoteAnswers, type RemoteRequest, sendToRemote } from "./send.js";

/** Where a forwarded request's progress goes and what cancels it (the caller's, unless a parked call's own). */
export interface Relay {
  signal: AbortSignal;
  progress: Context["progress"];
}

/**
 * Sends a request with the caller's cancellation, passing the remote's progress on to the caller in order, all
 * of it before the answer (the remote's last progress and its answer may arrive in one read).
 */
export async function forwarded<R extends RemoteRequest>(
  remote: RemoteConnection,
  request: R,
  relay: Relay,
  options: Pick<RequestOptions, "allowInputRequired"> = {},
): Promise<RemoteAnswers[R["method"]]> {
  let relayed: Promise<void> = Promise.resolve();
  try {
    const answer = await sendToRemote(remote, request, {
      ...options,
      signal: relay.signal,
      onprogress: (progress) => {
        relayed = relayed.then(() => relay.progress(progress.progress, progress.total, progress.message));
      },
    });
    await relayed;
    return answer;
  } catch (error) {
    throw remoteFailure(remote, error);
  }
}
