/**
 * What `console` wrote during a run, kept up to a budget of characters: a loop that logs forever fills it once and
 * is counted after that, never stored.
 */
export class RunLogs {
  readonly #lines: string[] = [];
  readonly #budget: number;
  #chars = 0;
  #dropped = 0;

  constructor(budget: number) {
    this.#budget = budget;
  }

  add(level: string, text: string): void {
    const line = level === "log" ? text : `[${level}] ${text}`;
    if (this.#chars + line.length > this.#budget) {
      this.#dropped++;
      return;
    }
    this.#chars += line.length;
    this.#lines.push(line);
  }

  /** The lines that fit in `room` characters, the first ones first, and a last line saying how many did not. */
  within(room: number, limitName: string): string[] {
    const kept: string[] = [];
    let used = 0;
    for (const line of this.#lines) {
      if (used + line.length > room) break;
      kept.push(line);
      used += line.length;
    }
    const dropped = this.#dropped + this.#lines.length - kept.length;
    if (dropped > 0) kept.push(`[${dropped} more log lines dropped: the answer is limited to ${limitName}]`);
    return kept;
  }
}
