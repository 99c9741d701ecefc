/** Reading MySQL statement text: quotes skipped, parentheses matched. */

/** The index of the parenthesis closing the one at `open`, quotes skipped; -1 when it is never closed. */
export function matchingParenthesis(sql: string, open: number): number {
  let depth = 0;
  for (let at = open; at < sql.length; at++) {
    const char = sql[at]!;
    if (char === "'" || char === '"' || char === "`") at = quoteEnd(sql, at);
    else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return at;
  }
  return -1;
}

/** The index of the quote closing the one at `start` (a doubled quote or a backslash escape stays inside). */
export function quoteEnd(sql: string, start: number): number {
  const quote = sql[start];
  for (let at = start + 1; at < sql.length; at++) {
    if (sql[at] === "\\" && quote !== "`") at++;
    else if (sql[at] === quote) {
      if (sql[at + 1] !== quote) return at;
      at++;
    }
  }
  return sql.length;
}
