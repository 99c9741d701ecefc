import type { CallEntry } from "../../src/devpage/model.ts";
import { clock, duration } from "../format.ts";
import { Spans } from "./Spans.tsx";

/** Everything about one call: what went out, what came back, the rounds between, and what the server did for it. */
export function CallDetail({ call }: { call: CallEntry }) {
  return (
    <div class="detail">
      <Spans spans={call.spans} traceId={call.traceId} />
      {call.rounds.length > 0 && (
        <>
          <h3>Input rounds</h3>
          <ol class="rounds">
            {call.rounds.map((round, index) => (
              <li key={index}>
                <span class="muted">
                  {clock(round.at)} · {round.kind === "input_required" ? "input_required result" : "server request"}
                </span>
                <pre>{round.asked}</pre>
                {round.answer !== undefined ? (
                  <pre class="answer">{round.answer}</pre>
                ) : (
                  <p class="muted">unanswered</p>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
      {call.task && (
        <>
          <h3>Task {call.task.taskId}</h3>
          <p>
            {call.task.history.map((step) => `${clock(step.at)} ${step.status}`).join(" → ")}
            {call.task.statusMessage && ` (${call.task.statusMessage})`}
          </p>
        </>
      )}
      {call.progress.length > 0 && (
        <>
          <h3>Progress</h3>
          <p>
            {call.progress
              .map(
                (step) =>
                  `${step.progress}${step.total === undefined ? "" : `/${step.total}`}${step.message ? ` ${step.message}` : ""}`,
              )
              .join(", ")}
          </p>
        </>
      )}
      <h3>Request</h3>
      <pre>{call.request}</pre>
      <h3>
        Answer{" "}
        {call.endedAt !== undefined && <span class="muted">after {duration(call.endedAt - call.startedAt)}</span>}
      </h3>
      <pre>{call.response ?? "(none yet)"}</pre>
    </div>
  );
}
