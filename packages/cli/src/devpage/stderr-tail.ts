/** The last lines a server wrote on stderr: what the page shows when it exits (its start-up error, usually). */
export class StderrTail {
  static readonly LINES = 60;
  static readonly LINE_CHARACTERS = 2000;
  #lines: string[] = [];
  #partial = "";

  push(text: string): void {
    const parts = (this.#partial + text).split(/\r?\n/);
    this.#partial = (parts.pop() ?? "").slice(-StderrTail.LINE_CHARACTERS);
    for (const line of parts) this.#lines.push(line.slice(0, StderrTail.LINE_CHARACTERS));
    if (this.#lines.length > StderrTail.LINES) this.#lines.splice(0, this.#lines.length - StderrTail.LINES);
  }

  lines(): string[] {
    return this.#partial === "" ? [...this.#lines] : [...this.#lines, this.#partial];
  }
}
