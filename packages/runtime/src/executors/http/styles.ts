/**
 * OpenAPI parameter serialisation (OpenAPI 3.1 §4.8.12.4, "Style Values" and "Style Examples"): one function per
 * place a value can go. Values arrive as the tool's arguments, that is JSON: primitives, arrays and objects.
 */

import { encodeAllowReserved, encodeStrict } from "./encode.js";
import type { ParameterStyle } from "./operation.js";

type Entries = [string, unknown][];

/** Nested arrays and objects have no defined serialisation in these styles: they travel as JSON text. */
export function scalarText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function entriesOf(value: unknown): Entries | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? Object.entries(value).filter(([, v]) => v !== undefined)
    : undefined;
}

/** Path parameters: `simple`, `label` and `matrix` (RFC 6570 `{x}`, `{.x}`, `{;x}`), every value encoded. */
export function serializePath(name: string, style: ParameterStyle, explode: boolean, value: unknown): string {
  const enc = (v: unknown) => encodeStrict(scalarText(v));
  const entries = entriesOf(value);
  if (style === "label") {
    const separator = explode ? "." : ",";
    if (Array.isArray(value)) return `.${value.map(enc).join(separator)}`;
    if (entries) return `.${pairs(entries, enc, explode ? "=" : ",").join(separator)}`;
    return `.${enc(value)}`;
  }
  if (style === "matrix") {
    const key = encodeStrict(name);
    const assign = (k: string, text: string) => (text === "" ? `;${k}` : `;${k}=${text}`);
    if (Array.isArray(value)) {
      return explode ? value.map((item) => assign(key, enc(item))).join("") : assign(key, value.map(enc).join(","));
    }
    if (entries) {
      return explode
        ? entries.map(([k, v]) => assign(encodeStrict(k), enc(v))).join("")
        : assign(key, pairs(entries, enc, ",").join(","));
    }
    return assign(key, enc(value));
  }
  return simple(value, explode, enc);
}

/** Header parameters: `simple`, sent as written (header values are not percent-encoded). */
export function serializeHeader(explode: boolean, value: unknown): string {
  return simple(value, explode, scalarText);
}

function simple(value: unknown, explode: boolean, enc: (v: unknown) => string): string {
  const entries = entriesOf(value);
  if (Array.isArray(value)) return value.map(enc).join(",");
  if (entries) return pairs(entries, enc, explode ? "=" : ",").join(",");
  return enc(value);
}

function pairs(entries: Entries, enc: (v: unknown) => string, joiner: string): string[] {
  return entries.map(([k, v]) => `${enc(k)}${joiner}${enc(v)}`);
}

const DELIMITERS: Partial<Record<ParameterStyle, string>> = {
  spaceDelimited: "%20",
  pipeDelimited: "%7C",
  tabDelimited: "%09",
};

/**
 * Query parameters and form-encoded body fields: `form`, `spaceDelimited`, `pipeDelimited`, `tabDelimited` and
 * `deepObject`. Returns `key=value` pairs, already encoded, to be joined with `&`.
 */
export function serializeQuery(
  name: string,
  style: ParameterStyle,
  explode: boolean,
  value: unknown,
  allowReserved = false,
): string[] {
  const enc = (v: unknown) => (allowReserved ? encodeAllowReserved : encodeStrict)(scalarText(v));
  const key = encodeStrict(name);
  if (style === "deepObject" && typeof value === "object" && value !== null) return deepObject(key, value, enc);
  const entries = entriesOf(value);

  const delimiter = DELIMITERS[style];
  if (Array.isArray(value)) {
    if (explode) return value.map((item) => `${key}=${enc(item)}`);
    return [`${key}=${value.map(enc).join(delimiter ?? ",")}`];
  }
  if (entries) {
    if (explode) return entries.map(([k, v]) => `${encodeStrict(k)}=${enc(v)}`);
    return [`${key}=${pairs(entries, enc, delimiter ?? ",").join(delimiter ?? ",")}`];
  }
  return [`${key}=${enc(value)}`];
}

/**
 * `deepObject`, for query parameters and form fields alike: `name[key]=value` with the brackets percent-encoded, as
 * the specification's examples show for an object of scalars. The specification stops there; below it this follows
 * the bracket convention Rails, PHP, qs and the APIs built on them read back (Stripe's query and form bodies are
 * written for it): a nested object adds a bracket per level (`metadata[key]=v`), a list of scalars gives `name[]`
 * per item (`expand[]=a&expand[]=b`), a list holding objects or lists indexes its items so the fields of one item
 * stay together (`items[0][price]=x&items[0][quantity]=2`). An empty list or object inside sends nothing, as at
 * the top (RFC 6570: it is undefined); a null sends the key with an empty value, how such APIs unset a field.
 */
function deepObject(key: string, value: unknown, enc: (v: unknown) => string): string[] {
  if (Array.isArray(value)) {
    const indexed = value.some((item) => typeof item === "object" && item !== null);
    return value.flatMap((item, index) => deepObject(`${key}%5B${indexed ? index : ""}%5D`, item, enc));
  }
  const entries = entriesOf(value);
  if (entries) return entries.flatMap(([k, v]) => deepObject(`${key}%5B${encodeStrict(k)}%5D`, v, enc));
  return [`${key}=${enc(value)}`];
}

/**
 * Cookie parameters: `form`, as `name=value` pairs for one `Cookie` header. An exploded array or object cannot
 * repeat `&` inside a cookie header, so each item becomes its own cookie pair (joined with `; ` by the caller).
 */
export function serializeCookie(name: string, explode: boolean, value: unknown): string[] {
  const enc = (v: unknown) => encodeStrict(scalarText(v));
  const key = encodeStrict(name);
  const entries = entriesOf(value);
  if (Array.isArray(value)) {
    return explode ? value.map((item) => `${key}=${enc(item)}`) : [`${key}=${value.map(enc).join(",")}`];
  }
  if (entries) {
    return explode
      ? entries.map(([k, v]) => `${encodeStrict(k)}=${enc(v)}`)
      : [`${key}=${pairs(entries, enc, ",").join(",")}`];
  }
  return [`${key}=${enc(value)}`];
}
