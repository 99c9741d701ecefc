import { StringDecoder } from "node:string_decoder";

/**
 * Reads the `data` of each event of a text/event-stream as it passes (html.spec.whatwg.org, "Parsing an event
 * stream"), chunk by chunk. The stream itself goes on to the client untouched; an event larger than `limit`
 * characters is skipped rather than held, so a huge event cannot grow the dev process.
 */
export class SseReader {
  readonly #onData: (data: string) => void;
  readonly #limit: number;
  readonly #decoder = new StringDecoder("utf8");
  #line = "";
  #data: string[] = [];
  #size = 0;
  #skipping = false;
  #afterCr = false;

  constructor(onData: (data: string) => void, limit: number) {
    this.#onData = onData;
    this.#limit = limit;
  }

  push(chunk: Buffer): void {
    for (const char of this.#decoder.write(chunk)) {
      if (this.#afterCr && char === "\n") {
        this.#afterCr = false;
        continue;
      }
      this.#afterCr = char === "\r";
      if (char === "\n" || char === "\r") this.#endLine();
      else if (!this.#skipping) {
        this.#line += char;
        if (++this.#size > this.#limit) this.#skip();
      }
    }
  }

  #endLine(): void {
    const line = this.#line;
    this.#line = "";
    if (line === "") {
      if (!this.#skipping && this.#data.length > 0) this.#onData(this.#data.join("\n"));
      this.#data = [];
      this.#size = 0;
      this.#skipping = false;
      return;
    }
    if (this.#skipping) return;
    if (line === "data") this.#data.push("");
    else if (line.startsWith("data:")) this.#data.push(line.slice(line[5] === " " ? 6 : 5));
  }

  #skip(): void {
    this.#skipping = true;
    this.#line = "";
    this.#data = [];
  }
}
