/** Media-type tests shared by request and response handling (parameters such as `; charset=utf-8` ignored). */

export function essence(mediaType: string | null | undefined): string {
  return (mediaType ?? "").split(";", 1)[0]!.trim().toLowerCase();
}

/** `application/json`, `text/json`, and any `+json` suffix (`application/problem+json`, `application/vnd.x+json`). */
export function isJson(mediaType: string | null | undefined): boolean {
  const type = essence(mediaType);
  return type === "application/json" || type === "text/json" || type.endsWith("+json");
}

const TEXT_APPLICATION_TYPES = new Set([
  "application/xml",
  "application/javascript",
  "application/ecmascript",
  "application/x-www-form-urlencoded",
  "application/yaml",
  "application/x-yaml",
  "application/graphql",
  "application/sql",
  "application/x-ndjson",
  "application/csv",
]);

/** Media types whose bodies are text a model can read. */
export function isText(mediaType: string | null | undefined): boolean {
  const type = essence(mediaType);
  return (
    type.startsWith("text/") || type.endsWith("+xml") || type.endsWith("+yaml") || TEXT_APPLICATION_TYPES.has(type)
  );
}
