import type { CallOutcome } from "../src/devpage/model.ts";

// The page's API lives beside the page, under the same token path: relative URLs reach it.

export async function callTool(tool: string, args: Record<string, unknown>): Promise<CallOutcome> {
  const response = await fetch("api/call", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ tool, arguments: args }),
  });
  if (!response.ok) return { ok: false, error: `${response.status} ${await response.text()}` };
  return (await response.json()) as CallOutcome;
}

export async function answerInput(id: string, action: string, content?: Record<string, unknown>): Promise<void> {
  await fetch("api/input", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id, action, ...(content && { content }) }),
  });
}

/** Opens the event stream; EventSource reconnects by itself, and each reconnection starts with the whole state. */
export function openEvents(onUpdate: (data: string) => void, onConnected: (connected: boolean) => void): () => void {
  const source = new EventSource("api/events");
  source.onmessage = (event) => onUpdate(String(event.data));
  source.onopen = () => onConnected(true);
  source.onerror = () => onConnected(false);
  return () => source.close();
}
