/**
 * PostgreSQL's text forms of arrays, ranges, multiranges and rows (composite values), both ways, as plain strings:
 * what a value of a type the driver has no parser for looks like, and what the server's input functions take. Each
 * item is a string (its own type's text form, converted by the caller's codec) or null. The grammar is the server's
 * (array_in, range_parse, record_in): items may be double-quoted, a backslash takes the next character as it is, and
 * inside quotes `""` is one quote (record output doubles quotes; array and range output escape them).
 */

/** A range's bounds as text; null bounds are unbounded. */
export interface RangeText {
  empty: boolean;
  lower: string | null;
  upper: string | null;
  lowerInclusive: boolean;
  upperInclusive: boolean;
}

/** Reads text from `start`: one item, quoted or not, up to an unquoted character of `stops`. */
class Reader {
  index = 0;
  constructor(readonly text: string) {}

  peek(): string | undefined {
    return this.text[this.index];
  }

  expect(chars: string, what: string): string {
    const char = this.text[this.index];
    if (char === undefined || !chars.includes(char)) {
      throw new SyntaxError(`Malformed ${what} literal at ${this.index}: ${JSON.stringify(this.text.slice(0, 200))}`);
    }
    this.index++;
    return char;
  }

  skipSpaces(): void {
    while (this.peek() === " ") this.index++;
  }

  /** An item up to an unquoted stop character; null when it is empty and unquoted (NULL, or an unbounded end). */
  item(stops: string): string | null {
    let value = "";
    let quoted = false;
    let inQuotes = false;
    for (;;) {
      const char = this.text[this.index];
      if (char === undefined) throw new SyntaxError(`Unterminated literal: ${JSON.stringify(this.text.slice(0, 200))}`);
      if (!inQuotes && stops.includes(char)) break;
      this.index++;
      if (char === "\\") {
        value += this.text[this.index++] ?? "";
      } else if (char === '"') {
        if (inQuotes && this.peek() === '"') {
          value += '"';
          this.index++;
        } else {
          inQuotes = !inQuotes;
          quoted = true;
        }
      } else {
        value += char;
      }
    }
    return value === "" && !quoted ? null : value;
  }
}

/** A one-dimensional or nested PostgreSQL array literal as strings (and nulls), nested arrays as nested lists. */
export function parseArrayLiteral(text: string): unknown {
  if (!text.startsWith("{")) return text;
  const reader = new Reader(text);
  function list(): unknown[] {
    const items: unknown[] = [];
    reader.expect("{", "array");
    if (reader.peek() === "}") {
      reader.index++;
      return items;
    }
    for (;;) {
      if (reader.peek() === "{") items.push(list());
      else {
        const quoted = reader.peek() === '"';
        const item = reader.item(",}");
        // An unquoted NULL is SQL's null; a quoted "NULL" is the text.
        items.push(!quoted && item === "NULL" ? null : item);
      }
      if (reader.expect(",}", "array") === "}") return items;
    }
  }
  return list();
}

export function parseRangeLiteral(text: string): RangeText {
  const reader = new Reader(text);
  const range = readRange(reader);
  if (reader.index !== text.length) throw new SyntaxError(`Malformed range literal: ${JSON.stringify(text)}`);
  return range;
}

export function parseMultirangeLiteral(text: string): RangeText[] {
  const reader = new Reader(text);
  const ranges: RangeText[] = [];
  reader.expect("{", "multirange");
  reader.skipSpaces();
  if (reader.peek() === "}") return ranges;
  for (;;) {
    reader.skipSpaces();
    ranges.push(readRange(reader));
    reader.skipSpaces();
    if (reader.expect(",}", "multirange") === "}") return ranges;
  }
}

const EMPTY_RANGE: RangeText = { empty: true, lower: null, upper: null, lowerInclusive: false, upperInclusive: false };

function readRange(reader: Reader): RangeText {
  if (reader.text.slice(reader.index, reader.index + 5).toLowerCase() === "empty") {
    reader.index += 5;
    return { ...EMPTY_RANGE };
  }
  const lowerInclusive = reader.expect("[(", "range") === "[";
  const lower = reader.item(",");
  reader.expect(",", "range");
  const upper = reader.item(")]");
  const upperInclusive = reader.expect(")]", "range") === "]";
  // An unbounded end is never inclusive, whatever bracket the text used.
  return {
    empty: false,
    lower,
    upper,
    lowerInclusive: lower !== null && lowerInclusive,
    upperInclusive: upper !== null && upperInclusive,
  };
}

/** The attributes of a row literal (`(1,"a b",)`), in order; an empty unquoted attribute is null. */
export function parseRecordLiteral(text: string): (string | null)[] {
  const reader = new Reader(text);
  const fields: (string | null)[] = [];
  reader.expect("(", "row");
  for (;;) {
    fields.push(reader.item(",)"));
    if (reader.expect(",)", "row") === ")") return fields;
  }
}

/** An item quoted for any of these literals: quotes and backslashes escaped, so any text stays one item. */
export function quoteItem(text: string): string {
  return `"${text.replace(/["\\]/g, "\\$&")}"`;
}

export function formatRangeLiteral(range: RangeText): string {
  if (range.empty) return "empty";
  const bound = (text: string | null) => (text === null ? "" : quoteItem(text));
  return (
    `${range.lowerInclusive && range.lower !== null ? "[" : "("}${bound(range.lower)},` +
    `${bound(range.upper)}${range.upperInclusive && range.upper !== null ? "]" : ")"}`
  );
}

export function formatRecordLiteral(fields: (string | null)[]): string {
  return `(${fields.map((field) => (field === null ? "" : quoteItem(field))).join(",")})`;
}
