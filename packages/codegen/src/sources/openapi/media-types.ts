/**
 * Media type preferences. A request body is sent as the first of: JSON, form-urlencoded, multipart, then whatever
 * the spec lists first; the `Accept` list puts JSON first. Comparisons ignore case and parameters
 * (`application/json;datetime-format=rfc3339` is JSON). Which types are JSON is the executor's rule (`isJson`), so
 * what is chosen here as JSON is sent and read as JSON.
 */
import { essence, isJson } from "@mcpsmith/runtime/internal";

export function isFormMediaType(mediaType: string): boolean {
  return essence(mediaType) === "application/x-www-form-urlencoded";
}

export function isMultipartMediaType(mediaType: string): boolean {
  return essence(mediaType).startsWith("multipart/");
}

export function isTextMediaType(mediaType: string): boolean {
  const type = essence(mediaType);
  return type.startsWith("text/") || type.endsWith("+xml") || type === "application/xml";
}

/** The rank of a media type as a request body (lower is preferred); ties keep the spec's order. */
function bodyRank(mediaType: string): number {
  const type = essence(mediaType);
  if (type === "application/json") return 0;
  if (isJson(type)) return 1;
  if (isFormMediaType(type)) return 2;
  if (isMultipartMediaType(type)) return 3;
  return 4;
}

/** A wildcard media type (any type, or any application type) accepts anything: the body is sent as JSON (Kubernetes creates). */
function isWildcard(mediaType: string): boolean {
  const type = essence(mediaType);
  return type === "*/*" || type === "application/*";
}

export function chooseBodyMediaType(mediaTypes: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const mediaType of mediaTypes) {
    const candidate = isWildcard(mediaType) ? "application/json" : mediaType;
    if (best === undefined || bodyRank(candidate) < bodyRank(best)) best = candidate;
  }
  return best;
}

/** The response media types for `Accept`: duplicates removed, JSON ones first, otherwise the spec's order. */
export function orderAccepts(mediaTypes: readonly string[]): string[] {
  const unique = [...new Set(mediaTypes)];
  return [...unique.filter(isJson), ...unique.filter((type) => !isJson(type))];
}

/** The JSON media type among a response's, preferring plain `application/json`. */
export function chooseJsonMediaType(mediaTypes: readonly string[]): string | undefined {
  const json = mediaTypes.filter(isJson);
  return json.find((type) => essence(type) === "application/json") ?? json[0];
}
