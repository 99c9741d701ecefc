// What the dev page shows, as the dev process sends it to the browser (one definition for both sides: the page's
// bundle imports these types only). Every collection here has a bound, set where it is filled (store.ts).

/** The server the page watches: how it runs, and whether the page can call it. */
export interface ServerStatus {
  state: "waiting" | "starting" | "running" | "exited";
  transport: "stdio" | "http";
  /** The MCP endpoint clients use (HTTP only). */
  url?: string;
  pid?: number;
  /** How many times the server started in this session (1 after the first start). */
  starts: number;
  /** Whether the page's forms can call tools; when not, `note` says why. */
  canCall: boolean;
  note?: string;
}

/** One tool of `tools/list`, with what it costs a model's context. */
export interface CatalogueTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations?: JsonObject;
  /** Estimated tokens of this tool's entry in the `tools/list` result. */
  tokens: number;
}

export interface Catalogue {
  tools: CatalogueTool[];
  /** Estimated tokens of the whole `tools/list` result. */
  totalTokens: number;
  /** How many tools each host takes before it truncates, warns or refuses. */
  toolLimits: { host: string; tools: number }[];
  /** Above this many tokens, tools/list is a noticeable share of every conversation (`mcpsmith doctor`'s line). */
  tokenWarning: number;
  /** What `mcpsmith doctor` finds in this list. */
  findings: { severity: "error" | "warning"; tool?: string; message: string; fix: string }[];
  /** When the list was read, and which start of the server it came from. */
  at: number;
  start: number;
}

/** A span the server sent, as the log shows it under its call. */
export interface SpanView {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: "server" | "http" | "sql" | "mcp-client" | "other";
  /** Start, in milliseconds since the epoch, and duration in milliseconds. */
  start: number;
  durationMs: number;
  status: "ok" | "error" | "unset";
  statusMessage?: string;
  http?: { method: string; url: string; status?: number };
  /** The statement with its placeholders, as the span carries it: never the values. */
  sql?: { system?: string; operation?: string; text: string };
  attributes: Record<string, string | number | boolean>;
}

/** A round of input the server asked for during a call: an `input_required` result, or a legacy server request. */
export interface InputRound {
  at: number;
  /** `input_required` (2026-07-28, answered by re-sending the call) or `request` (legacy: elicitation/create ...). */
  kind: "input_required" | "request";
  asked: string;
  answer?: string;
  answeredAt?: number;
}

export interface TaskView {
  taskId: string;
  status: string;
  statusMessage?: string;
  /** Each status the task was seen in, in order. */
  history: { at: number; status: string }[];
}

/** One request a client sent, with its answer and everything it made the server do. */
export interface CallEntry {
  id: string;
  method: string;
  /** The tool, prompt or resource the request names. */
  target?: string;
  /** Who sent it: the page's own form, or a client of the server (a host, the Inspector, a test). */
  from: "page" | "client";
  /** Which start of the server answered it. */
  start: number;
  startedAt: number;
  endedAt?: number;
  state: "pending" | "ok" | "tool-error" | "error" | "input-required" | "task" | "cancelled" | "lost";
  /** The request and the answer, as pretty JSON, cut at a bound with a note saying so. */
  request: string;
  response?: string;
  /** The answer's text content, or the error's message: what the log's row shows. */
  summary?: string;
  rounds: InputRound[];
  progress: { at: number; progress: number; total?: number; message?: string }[];
  task?: TaskView;
  traceId?: string;
  spans: SpanView[];
}

/** Something that happened to the server rather than in a call: a restart, a list change, a start-up error. */
export interface DevEvent {
  id: number;
  at: number;
  kind: "started" | "exited" | "compile-errors" | "list-changed" | "log";
  text: string;
  /** Diagnostics, or the server's last stderr lines when it exited. */
  detail?: string[];
  changes?: { added: string[]; removed: string[]; changed: string[] };
}

/** A page call waiting for the person to answer the server's question (an elicitation). */
export interface PendingInput {
  id: string;
  message: string;
  /** The form's JSON Schema (`requestedSchema`): flat properties of primitive types. */
  schema: JsonObject;
}

export interface PageState {
  server: ServerStatus;
  catalogue?: Catalogue;
  calls: CallEntry[];
  events: DevEvent[];
  inputs: PendingInput[];
}

/** What the event stream carries: the whole state once, then changes. */
export type PageUpdate =
  | { type: "state"; state: PageState }
  | { type: "server"; server: ServerStatus }
  | { type: "catalogue"; catalogue: Catalogue }
  | { type: "call"; call: CallEntry }
  | { type: "event"; event: DevEvent }
  | { type: "inputs"; inputs: PendingInput[] };

/** What `POST api/call` answers: the call's result, or why it failed. */
export type CallOutcome = { ok: true; result: JsonObject } | { ok: false; error: string };

export type JsonObject = { [key: string]: unknown };
