import {
  type InputRequest,
  type InputRequiredResult,
  inputRequired,
  isInputRequiredResult,
  LOG_LEVEL_META_KEY,
} from "@modelcontextprotocol/server";
import type { Context } from "../../model/context.js";
import { ToolError } from "../../results/tool-error.js";
import type { RemoteConnection } from "./connection.js";
import { forwarded } from "./forward.js";
import type { ParkedCall } from "./parked.js";
import type { RemoteAnswers, RemoteRequest } from "./send.js";
import { describeTarget } from "./target.js";

/** The requests a remote may answer with input requests of its own. */
export type RoundRequest = Extract<RemoteRequest, { method: "tools/call" | "prompts/get" | "resources/read" }>;

/**
 * What this server carries between a caller's rounds, inside its own signed `requestState` (so a caller cannot
 * forge it, and a 2026-07-28 remote's round may come back to any replica): a 2026-07-28 remote's own state and
 * the keys it asked, or the id of a legacy remote's call parked in this process.
 */
interface Carried {
  /** The remote's `requestState`, echoed back to it byte for byte. */
  r?: string;
  /** The keys of the remote's input requests: their answers are passed on to it. */
  k?: string[];
  /** A parked legacy call. */
  p?: string;
}

/**
 * Forwards a call whose remote may ask for input, as this server's own input rounds. A 2026-07-28 remote's
 * `input_required` is passed through: its requests go to the caller, its state rides inside this server's, and the
 * caller's next round is sent on to it with the answers. A legacy remote's request (`elicitation/create`,
 * `sampling/createMessage`, `roots/list`) arrives while its call runs: the call is parked in this process, the
 * request goes to the caller as an input round, and the answer goes back to the waiting remote; the remote call is
 * never sent twice.
 */
export async function roundTrip<R extends RoundRequest>(
  remote: RemoteConnection,
  request: R,
  ctx: Context,
): Promise<RemoteAnswers[R["method"]] | InputRequiredResult> {
  const carried = carriedOf(ctx.requestState);
  if (carried?.p !== undefined) return resumeParked(remote, carried.p, ctx) as Promise<RemoteAnswers[R["method"]]>;
  if (remote.client().getProtocolEra() === "modern") return modernRound(remote, request, ctx, carried);
  const call = remote.parked.start((signal, parked) =>
    forwarded(remote, request, {
      signal,
      progress: (...args) => parked.relay.progress(...args),
      headers: ctx.headers,
    }),
  );
  return legacyRound(remote, call, ctx) as Promise<RemoteAnswers[R["method"]]>;
}

async function modernRound<R extends RoundRequest>(
  remote: RemoteConnection,
  request: R,
  ctx: Context,
  carried: Carried | undefined,
): Promise<RemoteAnswers[R["method"]] | InputRequiredResult> {
  const answers = Object.fromEntries(
    (carried?.k ?? []).flatMap((key) =>
      ctx.inputResponses?.[key] === undefined ? [] : [[key, ctx.inputResponses[key]]],
    ),
  );
  // A 2026-07-28 remote logs for a request that asks it to (its `_meta`), at the level the caller asked this server.
  const level =
    ctx.logLevel !== undefined && remote.client().getServerCapabilities()?.logging ? ctx.logLevel : undefined;
  const params = {
    ...request.params,
    ...(Object.keys(answers).length > 0 && { inputResponses: answers }),
    ...(carried?.r !== undefined && { requestState: carried.r }),
    ...(level !== undefined && { _meta: { ...request.params._meta, [LOG_LEVEL_META_KEY]: level } }),
  };
  const send = () => forwarded(remote, { ...request, params } as R, ctx, { allowInputRequired: true });
  const answer: unknown = await (level === undefined ? send() : remote.parked.track(ctx, send));
  if (!isInputRequiredResult(answer)) return answer as RemoteAnswers[R["method"]];
  const inputRequests = (answer.inputRequests ?? {}) as Record<string, InputRequest>;
  const state: Carried = {
    ...(answer.requestState !== undefined && { r: answer.requestState }),
    k: Object.keys(inputRequests),
  };
  return inputRequired({ inputRequests, requestState: JSON.stringify(state) });
}

/** Runs a legacy remote's call until it answers or asks; a call that asks is parked for the caller's next round. */
async function legacyRound(
  remote: RemoteConnection,
  call: ParkedCall<unknown>,
  ctx: Context,
): Promise<unknown | InputRequiredResult> {
  // While this round runs, the caller's cancellation is the call's (not once the round ended input_required).
  const cancel = () => call.cancel("the caller cancelled");
  ctx.signal.addEventListener("abort", cancel, { once: true });
  call.relay = ctx;
  try {
    const step = await call.next();
    if (step.kind === "answer") return step.answer;
    if (step.kind === "failed") throw step.error;
    if (!remote.parked.park(call)) {
      call.cancel("too many calls are waiting for input");
      throw new ToolError(
        `Too many calls to the remote server "${remote.key}" are waiting for input; try again later.`,
      );
    }
    return inputRequired({
      inputRequests: { [step.key]: step.request },
      requestState: JSON.stringify({ p: call.id } satisfies Carried),
    });
  } finally {
    ctx.signal.removeEventListener("abort", cancel);
    if (!remote.parked.isParked(call)) remote.parked.end(call);
  }
}

async function resumeParked(remote: RemoteConnection, id: string, ctx: Context): Promise<unknown> {
  const call = remote.parked.resume(id);
  if (call === undefined) {
    throw new ToolError(
      `This call's earlier round left the remote server "${remote.key}" (${describeTarget(remote.target)}) waiting ` +
        "for an answer in another process of this server, or too long ago. That remote speaks a legacy protocol " +
        "version: its request lives in the process that made the call, and the call is not sent to it again. " +
        "Call the tool again (and route a caller's rounds to one replica: docs/compose.md).",
    );
  }
  const pending = call.pending!;
  const response = ctx.inputResponses?.[pending.key];
  if (response === undefined) {
    // Not answered this round: ask again, the call still waiting.
    remote.parked.park(call);
    return inputRequired({
      inputRequests: { [pending.key]: pending.request },
      requestState: JSON.stringify({ p: call.id } satisfies Carried),
    });
  }
  call.answer(response);
  return legacyRound(remote, call, ctx);
}

function carriedOf(state: string | undefined): Carried | undefined {
  if (state === undefined) return undefined;
  try {
    const parsed = JSON.parse(state) as unknown;
    return typeof parsed === "object" && parsed !== null ? (parsed as Carried) : undefined;
  } catch {
    return undefined;
  }
}
