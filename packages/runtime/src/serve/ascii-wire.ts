/**
 * A JSON-RPC message as it goes on the wire: its few non-ASCII characters written as `\u` escapes.
 *
 * V8 encodes and decodes UTF-8 quickly only while the text is ASCII; from the first other character on it goes a
 * character at a time. One accented name early in a 38 KB page of rows made the official client's decoding of the
 * line 14 times slower (5.6 against 79 µs) and the server's encoding slower too, where escaping costs about 20 µs.
 * The escaped message is the same JSON value: outside strings JSON is ASCII, and inside them `\uXXXX` (one per UTF-16
 * unit, so a surrogate pair is two) stands for the character.
 *
 * A message dense with such characters (a page written in Chinese) goes as it is: escaped, each would take 6 bytes
 * where it took 2 to 4, and nearly all of the message would be escaped anyway.
 */
export function asciiWire(json: string): string | Buffer {
  const extra = Buffer.byteLength(json) - json.length;
  if (extra === 0 || extra * SPARSE > json.length) return json;
  // Measured in slices: most of a message is ASCII, and only the slices holding other characters are rewritten.
  let escaped = "";
  let copied = 0;
  let wide = false;
  const unicodeEscape = (unit: string) => {
    const code = unit.charCodeAt(0);
    if (code > 0xff) wide = true;
    return `\\u${code.toString(16).padStart(4, "0")}`;
  };
  for (let at = 0; at < json.length; at += SLICE) {
    const slice = json.slice(at, at + SLICE);
    if (Buffer.byteLength(slice) === slice.length) continue;
    escaped += json.slice(copied, at) + slice.replace(NON_ASCII, unicodeEscape);
    copied = at + SLICE;
  }
  escaped += json.slice(copied);
  // A text that held a character past U+00FF (an em dash, an emoji) is kept by V8 in two-byte form, and so is its
  // escaped copy, whose UTF-8 encoding is then slow: its Latin-1 bytes are the same bytes, written at once. Other
  // text stays a string, since a buffer per message costs the collector more than encoding ASCII does.
  return wide ? Buffer.from(escaped, "latin1") : escaped;
}

/** At most one extra UTF-8 byte in this many characters: sparse enough to escape. */
const SPARSE = 16;
const SLICE = 2048;
const NON_ASCII = /[\u0080-\uffff]/g;
