import type { SpanView } from "../../src/devpage/model.ts";
import { duration } from "../format.ts";

/** What the server did for a call, from its spans: HTTP requests and SQL statements first, in the order they ran. */
export function Spans({ spans, traceId }: { spans: SpanView[]; traceId: string | undefined }) {
  const work = spans.filter((span) => span.kind === "http" || span.kind === "sql" || span.kind === "mcp-client");
  const others = spans.filter((span) => !work.includes(span));
  return (
    <>
      <h3>What the server did {traceId && <span class="muted trace">trace {traceId}</span>}</h3>
      {spans.length === 0 && (
        <p class="muted">No spans for this call (yet): the server sends them as it ends its work.</p>
      )}
      <ul class="spans" aria-label="upstream requests and statements">
        {work.map((span) => (
          <li key={span.spanId} class={`span ${span.kind} ${span.status}`}>
            {span.http && (
              <code>
                {span.http.method} {span.http.url}
                {span.http.status !== undefined && ` → ${span.http.status}`}
              </code>
            )}
            {span.sql && (
              <>
                <span class="muted">{[span.sql.system, span.sql.operation].filter(Boolean).join(" ")}</span>
                <pre class="sql">{span.sql.text}</pre>
              </>
            )}
            {span.kind === "mcp-client" && <code>{span.name}</code>}
            <span class="duration">{duration(span.durationMs)}</span>
            {span.statusMessage && <span class="problem">{span.statusMessage}</span>}
          </li>
        ))}
        {others.map((span) => (
          <li key={span.spanId} class={`span other ${span.status}`}>
            <code>{span.name}</code> <span class="duration">{duration(span.durationMs)}</span>
            {span.statusMessage && <span class="problem"> {span.statusMessage}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}
