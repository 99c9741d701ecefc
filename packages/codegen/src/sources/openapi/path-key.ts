/**
 * A path key with a query part, split into the path template sent and the query it fixes. OpenAPI forbids a query
 * in a path key, yet documents converted from other descriptions write one: AWS's (APIs.guru's aws2openapi) after
 * a `#` (`/{Bucket}/{Key}#uploads`, `/{Bucket}#analytics&id`), Azure's `x-ms-paths` after a `?` or, converted, a
 * `#` (`/{roleId}#disambiguation_dummy`). Sent as written, a `#` starts a URL fragment and takes every query
 * parameter with it. AWS's JSON-protocol services put the operation's target header there too
 * (`/#X-Amz-Target=DynamoDB_20120810.GetItem`, with a header parameter `X-Amz-Target` declared).
 */
import type { HttpFixedHeader, HttpFixedQueryItem, HttpOperation, HttpParameter } from "@mcpsmith/runtime/http";

export interface SplitPathKey {
  /** The path template, without the query part. */
  path: string;
  /** The query part's items in order, `&`-separated, each a bare name or `name=value`; empty without one. */
  items: HttpFixedQueryItem[];
}

/** Splits `key` at its first `?` or `#`. */
export function splitPathKey(key: string): SplitPathKey {
  const start = key.search(/[?#]/);
  if (start < 0) return { path: key, items: [] };
  const items = key
    .slice(start + 1)
    .split("&")
    .filter((item) => item !== "")
    .map((item): HttpFixedQueryItem => {
      const equals = item.indexOf("=");
      return equals < 0 ? { name: item } : { name: item.slice(0, equals), value: item.slice(equals + 1) };
    });
  return { path: key.slice(0, start), items };
}

/** What a path key fixes of the request: the binding's `path`, `fixedQuery` and `fixedHeaders`. */
export type RequestTarget = Pick<HttpOperation, "path" | "fixedQuery" | "fixedHeaders">;

/**
 * The request target of the path key `key`, given the operation's parameters. An item `name=value` naming one of
 * its header parameters (AWS's `X-Amz-Target=Service.Operation`; header names compared without case) is that
 * header's fixed value (the caller leaves the parameter out of the tool). Another item named like one of its
 * parameters (`uploadId`, `tagKeys`, AWS's headers such as `x-amz-chime-bearer`) is that parameter's to send, with
 * the value given; an item that only makes the key unique is dropped; the others are fixed query items.
 */
export function requestTarget(key: string, parameters: readonly Pick<HttpParameter, "name" | "in">[]): RequestTarget {
  const { path, items } = splitPathKey(key);
  const headers = new Set(parameters.filter((p) => p.in === "header").map((p) => p.name.toLowerCase()));
  const fixedHeaders: HttpFixedHeader[] = [];
  for (const { name, value } of items) {
    if (value !== undefined && headers.has(name.toLowerCase())) fixedHeaders.push({ name, value });
  }
  const names = new Set(parameters.map((parameter) => parameter.name));
  const fixed = items.filter((item) => !names.has(item.name) && !isDisambiguation(item) && !fixes(fixedHeaders, item));
  return {
    path,
    ...(fixed.length > 0 && { fixedQuery: fixed }),
    ...(fixedHeaders.length > 0 && { fixedHeaders }),
  };
}

/** Whether `parameter` is a header the target fixes (so it is no tool argument). */
export function isFixedHeader(target: RequestTarget, parameter: Pick<HttpParameter, "name" | "in">): boolean {
  return parameter.in === "header" && (target.fixedHeaders ?? []).some((header) => fixes([header], parameter));
}

function fixes(headers: readonly HttpFixedHeader[], item: { name: string }): boolean {
  return headers.some((header) => header.name.toLowerCase() === item.name.toLowerCase());
}

/**
 * Markers that only tell two keys of one path apart and mean nothing to the server: Azure's `x-ms-paths`
 * convention (`/{roleId}?disambiguation_dummy`) and aws2openapi's for an operation's deprecated twin
 * (`/{Bucket}#lifecycle&deprecated!`).
 */
function isDisambiguation(item: HttpFixedQueryItem): boolean {
  return item.value === undefined && (item.name === "disambiguation_dummy" || item.name.endsWith("!"));
}
