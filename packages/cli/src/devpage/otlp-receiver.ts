import type { IncomingMessage, ServerResponse } from "node:http";
import { gunzip } from "node:zlib";
import { spansOfExport } from "./otlp-spans.js";
import { json, plain, readLimited } from "./replies.js";
import type { PageStore } from "./store.js";

/**
 * OTLP/HTTP's traces endpoint (opentelemetry.io/docs/specs/otlp/#otlphttp) in its JSON encoding, which the dev
 * session asks the server's exporter for (`OTEL_EXPORTER_OTLP_PROTOCOL=http/json`); gzip bodies too. Spans are filed
 * under the calls of their traces. The answer is an empty `ExportTraceServiceResponse`: everything was accepted.
 */
export async function receiveTraces(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  store: PageStore,
  limit: number,
): Promise<void> {
  const type = incoming.headers["content-type"] ?? "";
  if (!type.includes("application/json")) {
    return plain(outgoing, 415, "This receiver reads OTLP/JSON: set OTEL_EXPORTER_OTLP_PROTOCOL=http/json");
  }
  const raw = await readLimited(incoming, limit);
  if (raw === undefined) return plain(outgoing, 413, `An export must not exceed ${limit} bytes`);
  let body: unknown;
  try {
    const text = incoming.headers["content-encoding"] === "gzip" ? await gunzipped(raw, limit) : raw;
    body = JSON.parse(text.toString("utf8"));
  } catch {
    return plain(outgoing, 400, "The body is not OTLP/JSON");
  }
  store.addSpans(spansOfExport(body));
  json(outgoing, 200, {});
}

function gunzipped(raw: Buffer, limit: number): Promise<Buffer> {
  return new Promise((done, failed) =>
    gunzip(raw, { maxOutputLength: limit }, (error, text) => (error ? failed(error) : done(text))),
  );
}
