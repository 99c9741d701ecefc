import { useState } from "preact/hooks";
import type { CallEntry } from "../../src/devpage/model.ts";
import { clock, duration } from "../format.ts";
import { CallDetail } from "./CallDetail.tsx";

const STATE_TEXT: Record<CallEntry["state"], string> = {
  pending: "pending",
  ok: "ok",
  "tool-error": "tool error",
  error: "error",
  "input-required": "input required",
  task: "task",
  cancelled: "cancelled",
  lost: "no answer",
};

/** The live log: newest call first; protocol housekeeping (lists, discover, initialize) hidden unless asked for. */
export function CallLog({ calls }: { calls: CallEntry[] }) {
  const [open, setOpen] = useState<string | undefined>(undefined);
  const [everything, setEverything] = useState(false);
  const shown = calls.filter((call) => everything || call.target !== undefined).reverse();
  return (
    <section class="log" aria-label="call log">
      <h2>
        Calls{" "}
        <label class="muted toggle">
          <input
            type="checkbox"
            checked={everything}
            onChange={(event) => setEverything(event.currentTarget.checked)}
          />{" "}
          every request
        </label>
      </h2>
      {shown.length === 0 && <p class="muted">No calls yet: call a tool with its form, or from a client.</p>}
      <ol>
        {shown.map((call) => (
          <li key={call.id} class={`call ${call.state}`} data-call={call.id}>
            <button
              type="button"
              class="row"
              aria-expanded={open === call.id}
              onClick={() => setOpen(open === call.id ? undefined : call.id)}
            >
              <span class="time">{clock(call.startedAt)}</span>
              <span class="from">{call.from}</span>
              <span class="what">
                {call.method} {call.target && <strong>{call.target}</strong>}
              </span>
              <span class="state">{STATE_TEXT[call.state]}</span>
              <span class="duration">
                {duration(call.endedAt === undefined ? undefined : call.endedAt - call.startedAt)}
              </span>
              <span class="counts">{counts(call)}</span>
            </button>
            {call.summary && <p class="summary">{call.summary}</p>}
            {open === call.id && <CallDetail call={call} />}
          </li>
        ))}
      </ol>
    </section>
  );
}

function counts(call: CallEntry): string {
  const http = call.spans.filter((span) => span.kind === "http").length;
  const sql = call.spans.filter((span) => span.kind === "sql").length;
  const parts = [];
  if (http > 0) parts.push(`${http} HTTP`);
  if (sql > 0) parts.push(`${sql} SQL`);
  if (call.rounds.length > 0) parts.push(`${call.rounds.length} input`);
  return parts.join(" · ");
}
