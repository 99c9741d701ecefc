import { matchingParenthesis, quoteEnd } from "./sql-text.js";

/**
 * MySQL writes a view's joins nested to the left, each join in parentheses: `from ((a join b on(...)) join c on(...))`
 * is how SHOW CREATE VIEW, and so every mysqldump, gives a view over three tables (AKSO's dump). node-sql-parser
 * refuses more than one level ("parentheses not match in from clause") and reads a single level as a shape the view
 * reader cannot walk. Joins associate to the left, so parentheses a FROM clause opens with, around its join chain,
 * change nothing: they are dropped. The one around a derived table (`from ((select ...) t join b on ...)`) stays, as do
 * parentheses further on (a join nested to the right, `a join (b join c on ...) on ...`, means something else).
 */
export function withoutJoinParentheses(sql: string): string {
  const dropped = new Set<number>();
  const lower = sql.toLowerCase();
  for (let at = nextFrom(lower, 0); at >= 0; at = nextFrom(lower, at + 1)) {
    const opens: number[] = [];
    let next = skipSpace(sql, at + 4);
    while (sql[next] === "(") {
      opens.push(next);
      next = skipSpace(sql, next + 1);
    }
    if (/^(?:select|with)\b/.test(lower.slice(next, next + 7))) opens.pop();
    for (const open of opens) {
      const close = matchingParenthesis(sql, open);
      if (close < 0) return sql;
      dropped.add(open).add(close);
    }
  }
  if (dropped.size === 0) return sql;
  return [...sql].map((char, index) => (dropped.has(index) ? " " : char)).join("");
}

/** The next `from` keyword at or after `start`, outside quotes; -1 when there is none. */
function nextFrom(lower: string, start: number): number {
  for (let at = start; at < lower.length; at++) {
    const char = lower[at]!;
    if (char === "'" || char === '"' || char === "`") at = quoteEnd(lower, at);
    else if (
      char === "f" &&
      lower.startsWith("from", at) &&
      !/\w/.test(lower[at - 1] ?? "") &&
      !/\w/.test(lower[at + 4] ?? "")
    ) {
      return at;
    }
  }
  return -1;
}

function skipSpace(sql: string, at: number): number {
  while (at < sql.length && /\s/.test(sql[at]!)) at++;
  return at;
}
