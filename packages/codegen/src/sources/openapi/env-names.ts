/**
 * Environment variable names for credentials and the base URL: `<API>_<SCHEME>`, upper snake case. `<API>` comes
 * from the title with filler words dropped ("Swagger Petstore - OpenAPI 3.0" -> `PETSTORE`), `<SCHEME>` from
 * the scheme's name (`api_key` -> `API_KEY`, `bearerAuth` -> `BEARER_AUTH`), so petstore's key is
 * `PETSTORE_API_KEY`. A scheme name that already starts with the API's is not repeated (`petstore_auth` ->
 * `PETSTORE_AUTH`). The `envPrefix` option replaces `<API>`.
 */

/** Words that name the kind of document rather than the API. */
const FILLER = new Set([
  "swagger",
  "openapi",
  "api",
  "apis",
  "rest",
  "restful",
  "http",
  "the",
  "spec",
  "specification",
  "official",
  "collection",
  "service",
  "web",
]);

/** Upper snake case: camelCase split, every other character run turned into `_`. */
export function upperSnake(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/OAuth/g, "Oauth")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase();
}

export function envPrefixFromTitle(title: string): string {
  const head = (title.split(/\s+-\s+|[:(+,]/)[0] ?? title).replace(/['’]s\b/g, "");
  const words = head
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "" && !FILLER.has(word.toLowerCase()) && !/^v?\d+$/i.test(word));
  const prefix = words.slice(0, 3).join("_").toUpperCase();
  return checkedPrefix(prefix === "" ? "API" : prefix);
}

/** A valid variable name start (a letter or `_`), whatever the title or option gave. */
export function checkedPrefix(prefix: string): string {
  const snake = upperSnake(prefix);
  if (snake === "") return "API";
  return /^[0-9]/.test(snake) ? `API_${snake}` : snake;
}

/** `<prefix>_<scheme>[_<suffix>]` without repeating the prefix when the scheme name starts with it. */
export function schemeEnvName(prefix: string, scheme: string, suffix?: string): string {
  const schemePart = upperSnake(scheme) || "AUTH";
  const base = schemePart === prefix || schemePart.startsWith(`${prefix}_`) ? schemePart : `${prefix}_${schemePart}`;
  return suffix === undefined ? base : `${base}_${suffix}`;
}
