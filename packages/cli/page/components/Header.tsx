import type { ServerStatus } from "../../src/devpage/model.ts";

const STATE_TEXT: Record<ServerStatus["state"], string> = {
  waiting: "waiting for a build",
  starting: "starting",
  running: "running",
  exited: "exited",
};

export function Header({ server, connected }: { server: ServerStatus; connected: boolean }) {
  return (
    <header>
      <h1>mcpsmith dev</h1>
      <span class={`pill ${server.state}`} role="status" aria-label="server state">
        {STATE_TEXT[server.state]}
      </span>
      <span class="muted">
        {server.transport === "http" ? server.url : "stdio"}
        {server.pid !== undefined && ` · pid ${server.pid}`}
        {server.starts > 0 && ` · start ${server.starts}`}
      </span>
      {!connected && <span class="pill exited">page disconnected, reconnecting…</span>}
      {server.note && <span class="note">{server.note}</span>}
    </header>
  );
}
