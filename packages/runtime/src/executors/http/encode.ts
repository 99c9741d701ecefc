/**
 * Percent-encoding as RFC 3986 and RFC 6570 define it, which `encodeURIComponent` does not quite do: it leaves
 * the sub-delimiters `!'()*` alone, and those are reserved characters a server may read as delimiters.
 */

const SUB_DELIMS_LEFT_BY_ENCODE_URI_COMPONENT = /[!'()*]/g;

/** Encodes everything but RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`). */
export function encodeStrict(value: string): string {
  return encodeURIComponent(value).replace(SUB_DELIMS_LEFT_BY_ENCODE_URI_COMPONENT, percent);
}

/**
 * RFC 6570 reserved expansion, as OpenAPI's `allowReserved` asks for query values: reserved characters and
 * existing percent-encoded triples pass through; everything else is encoded. The characters that would break a
 * query string (`#` ends it, `&` `=` `+` mean something in form encoding, `[` `]` are not allowed in it) stay
 * encoded, as the specification tells applications to do; so does `'`, which `fetch` (the WHATWG URL parser)
 * would encode in an http(s) query anyway.
 */
export function encodeAllowReserved(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (char === "%" && /^[0-9A-Fa-f]{2}$/.test(value.slice(i + 1, i + 3))) {
      out += value.slice(i, i + 3);
      i += 2;
    } else if (RESERVED_KEPT_IN_QUERY.has(char)) {
      out += char;
    } else {
      // Encode one code point at a time so surrogate pairs stay together.
      const codePoint = value.codePointAt(i)!;
      const whole = String.fromCodePoint(codePoint);
      out += encodeStrict(whole);
      i += whole.length - 1;
    }
  }
  return out;
}

const RESERVED_KEPT_IN_QUERY = new Set([":", "/", "?", "@", "!", "$", "(", ")", "*", ",", ";"]);

function percent(char: string): string {
  return `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
}
