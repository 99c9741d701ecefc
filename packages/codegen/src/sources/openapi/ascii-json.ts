/**
 * A JSON file's text held one byte a character. V8 stores a string with a single non-Latin-1 character two bytes a
 * character, so a large document with a few lines of non-ASCII text (GitHub's) took twice its size while it was
 * parsed. Writing each non-ASCII character as the `\u` escape JSON.parse reads back to it keeps the text one byte a
 * character, and the parsed value is the same: outside strings such a character is a syntax error either way.
 */
const NON_ASCII_RUN = /[\x80-\xff]+/g;

/**
 * The UTF-8 file read one character a byte (`latin1`) as ASCII JSON text, or `undefined` when escaping could
 * change what the text means: a backslash right before a non-ASCII character (an invalid escape, which `\\u…`
 * would turn into a valid one).
 */
export function asciiJsonText(latin1: string): string | undefined {
  // Runs of characters >= 0x80 are the UTF-8 bytes of non-ASCII text.
  let escapable = true;
  const text = latin1.replace(NON_ASCII_RUN, (run: string, offset: number) => {
    if (offset > 0 && latin1.charCodeAt(offset - 1) === BACKSLASH) escapable = false;
    return escaped(Buffer.from(run, "latin1").toString("utf8"));
  });
  return escapable ? text : undefined;
}

const BACKSLASH = 0x5c;

/** Every UTF-16 unit as `\uXXXX` (a pair for characters beyond the BMP; invalid UTF-8 is U+FFFD, as when decoded). */
function escaped(text: string): string {
  let out = "";
  for (let index = 0; index < text.length; index++) {
    out += `\\u${text.charCodeAt(index).toString(16).padStart(4, "0")}`;
  }
  return out;
}
