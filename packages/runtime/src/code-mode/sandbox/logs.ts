/**
 * What `console` wrote during a run, kept up to a budget of characters: a loop that logs forever fills it once and
 * is counted after that, never stored.
 */
export class RunLogs {
  readonly #lines: string[] = [];
  readonly #budget: number;
  #chars = 0;
  #dropped = 0;
  /** Whether the sandbox said how many lines it kept to itself (it cannot when a limit stopped it). */
  #counted = false;

  constructor(budget: number) {
    this.#budget = budget;
  }

  /** Keeps a line if it fits; false once the budget is spent (the sandbox then stops sending lines, and counts them). */
  add(level: string, text: string): boolean {
    const line = level === "log" ? text : `[${level}] ${text}`;
    if (this.#chars + line.length > this.#budget) {
      this.#dropped++;
      return false;
    }
    this.#chars += line.length;
    this.#lines.push(line);
    return true;
  }

  /** Lines the sandbox counted without sending, once the budget was spent. */
  addDropped(count: number): void {
    this.#counted = true;
    if (Number.isSafeInteger(count) && count > 0) this.#dropped += count;
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
    const many = this.#counted ? `${dropped}` : `${dropped} or more`;
    if (dropped > 0) kept.push(`[${many} more log lines dropped: the answer is limited to ${limitName}]`);
    return kept;
  }
}
