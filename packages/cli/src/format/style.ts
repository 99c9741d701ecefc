import { colorEnabled, type Io, type OutputStream } from "../io.js";

export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  cyan(text: string): string;
}

const plain = (text: string) => text;
const PLAIN: Style = { bold: plain, dim: plain, red: plain, yellow: plain, green: plain, cyan: plain };

function sgr(open: number, close: number) {
  return (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
}

const ANSI: Style = {
  bold: sgr(1, 22),
  dim: sgr(2, 22),
  red: sgr(31, 39),
  yellow: sgr(33, 39),
  green: sgr(32, 39),
  cyan: sgr(36, 39),
};

/** Styling for one stream: ANSI escapes at a terminal, identity functions otherwise. */
export function styleFor(stream: OutputStream, env: Io["env"]): Style {
  return colorEnabled(stream, env) ? ANSI : PLAIN;
}
