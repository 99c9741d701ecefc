import type { DevEvent } from "../../src/devpage/model.ts";
import { clock } from "../format.ts";

/** The server's story: starts, exits with their last stderr lines, compile errors, tool lists that changed. */
export function Events({ events }: { events: DevEvent[] }) {
  const newest = events.slice().reverse();
  return (
    <section aria-label="server events">
      <h2>Server</h2>
      <ol class="events-list">
        {newest.map((event) => (
          <li key={event.id} class={`event ${event.kind}`}>
            <span class="time">{clock(event.at)}</span> {event.text}
            {event.changes && <Changes changes={event.changes} />}
            {event.detail && event.detail.length > 0 && <pre>{event.detail.join("\n")}</pre>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Changes({ changes }: { changes: NonNullable<DevEvent["changes"]> }) {
  return (
    <ul class="changes">
      {changes.added.map((name) => (
        <li key={`+${name}`} class="added">
          + {name}
        </li>
      ))}
      {changes.removed.map((name) => (
        <li key={`-${name}`} class="removed">
          − {name}
        </li>
      ))}
      {changes.changed.map((name) => (
        <li key={`~${name}`} class="changed">
          ~ {name}
        </li>
      ))}
    </ul>
  );
}
