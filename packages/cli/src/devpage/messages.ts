import { isJsonObject } from "../json.js";

// Reading JSON-RPC messages as the dev proxy sees them pass, and showing them in the log within a bound.

export type Message =
  | { kind: "request"; id: unknown; method: string; params: Record<string, unknown> }
  | { kind: "notification"; method: string; params: Record<string, unknown> }
  | { kind: "response"; id: unknown; result?: Record<string, unknown>; error?: { code?: unknown; message?: unknown } };

/** What a JSON value is as JSON-RPC, or undefined when it is none (the proxy passes it on untouched). */
export function classify(value: unknown): Message | undefined {
  if (!isJsonObject(value)) return undefined;
  const params = isJsonObject(value.params) ? value.params : {};
  if (typeof value.method === "string") {
    return "id" in value && value.id !== undefined && value.id !== null
      ? { kind: "request", id: value.id, method: value.method, params }
      : { kind: "notification", method: value.method, params };
  }
  if ("id" in value && ("result" in value || "error" in value)) {
    return {
      kind: "response",
      id: value.id,
      ...(isJsonObject(value.result) && { result: value.result }),
      ...(isJsonObject(value.error) && { error: value.error }),
    };
  }
  return undefined;
}

/** Requests that name what they act on, whose rounds and spans the log follows. */
export const CALL_METHODS: Readonly<Record<string, string>> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
};

/** The largest request or answer the log shows whole; longer ones are cut, saying how much was left out. */
export const SHOWN_CHARACTERS = 32_000;

export function shown(value: unknown): string {
  const text = JSON.stringify(value, null, 2) ?? "undefined";
  if (text.length <= SHOWN_CHARACTERS) return text;
  return `${text.slice(0, SHOWN_CHARACTERS)}\n… (${text.length - SHOWN_CHARACTERS} more characters)`;
}

/** One line for the log's row: the first text of a result, or an error's message. */
export function summaryOf(message: Extract<Message, { kind: "response" }>): string | undefined {
  if (message.error) return `${String(message.error.message ?? "error")} (${String(message.error.code ?? "")})`;
  const content = message.result?.content ?? message.result?.contents ?? message.result?.messages;
  if (!Array.isArray(content)) return undefined;
  for (const item of content) {
    const text = isJsonObject(item) ? (item.text ?? (isJsonObject(item.content) ? item.content.text : undefined)) : "";
    if (typeof text === "string" && text !== "") return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  }
  return undefined;
}

/** A map that forgets its oldest key beyond `limit`: what the proxy remembers between messages stays bounded. */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly #limit: number;
  constructor(limit: number) {
    super();
    this.#limit = limit;
  }
  override set(key: K, value: V): this {
    this.delete(key);
    super.set(key, value);
    if (this.size > this.#limit) this.delete(this.keys().next().value as K);
    return this;
  }
}
