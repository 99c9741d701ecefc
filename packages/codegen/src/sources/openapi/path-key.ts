/**
 * A path key with a query part, split into the path template sent and the query it fixes. OpenAPI forbids a query
 * in a path key, yet documents converted from other descriptions write one: AWS's (APIs.guru's aws2openapi) after
 * a `#` (`/{Bucket}/{Key}#uploads`, `/{Bucket}#analytics&id`), Azure's `x-ms-paths` after a `?` or, converted, a
 * `#` (`/{roleId}#disambiguation_dummy`). Sent as written, a `#` starts a URL fragment and takes every query
 * parameter with it.
 */
import type { HttpFixedQueryItem, HttpOperation, HttpParameter } from "@mcpsmith/runtime/http";

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

/**
 * The binding's `path` and `fixedQuery` for the path key `key`. An item of the query part named like one of the
 * operation's parameters (`uploadId`, `tagKeys`, AWS's headers such as `x-amz-chime-bearer`) is that parameter's
 * to send, with the value given; an item that only makes the key unique is dropped; the others are fixed.
 */
export function requestTarget(
  key: string,
  parameters: readonly HttpParameter[],
): Pick<HttpOperation, "path" | "fixedQuery"> {
  const { path, items } = splitPathKey(key);
  const names = new Set(parameters.map((parameter) => parameter.name));
  const fixed = items.filter((item) => !names.has(item.name) && !isDisambiguation(item));
  return fixed.length > 0 ? { path, fixedQuery: fixed } : { path };
}

/**
 * Markers that only tell two keys of one path apart and mean nothing to the server: Azure's `x-ms-paths`
 * convention (`/{roleId}?disambiguation_dummy`) and aws2openapi's for an operation's deprecated twin
 * (`/{Bucket}#lifecycle&deprecated!`).
 */
function isDisambiguation(item: HttpFixedQueryItem): boolean {
  return item.value === undefined && (item.name === "disambiguation_dummy" || item.name.endsWith("!"));
}
