import { dirname, relative, sep } from "node:path";
import { thousands } from "@mcpsmith/runtime/internal";
import { plural } from "../../text.js";

/** Up to this many files are named on the "Generated" line itself; more are counted by folder below it. */
const NAMED_FILES = 8;

/**
 * What `generate` prints about the files it owns: a few are named on one line; a project of hundreds (GitHub's
 * 431) gets one line per folder with its count, so the line stays readable and what changed still shows.
 *
 *     Generated 90 files from twilio.json (3 written)
 *       twilio/                 8 files
 *       twilio/src/             2 files
 *       twilio/src/generated/  80 files, 3 written
 */
export function describeFiles(files: string[], written: string[], inputs: string[], cwd: string): string[] {
  const shown = (file: string) => relative(cwd, file) || file;
  const state = written.length === 0 ? "up to date" : `${thousands(written.length)} written`;
  const from = inputs.join(", ");
  if (files.length <= NAMED_FILES) return [`${files.map(shown).join(", ")} from ${from} (${state})`];

  const folders = new Map<string, { files: number; written: number }>();
  const writtenSet = new Set(written);
  for (const file of files) {
    const folder = dirname(shown(file));
    const entry = folders.get(folder) ?? { files: 0, written: 0 };
    entry.files++;
    if (writtenSet.has(file)) entry.written++;
    folders.set(folder, entry);
  }
  const names = [...folders.keys()].map((folder) => (folder === "." ? `.${sep}` : `${folder}${sep}`));
  const width = Math.max(...names.map((name) => name.length));
  const countWidth = Math.max(...[...folders.values()].map((entry) => thousands(entry.files).length));
  const lines = [...folders.values()].map((entry, index) => {
    const count = `${thousands(entry.files).padStart(countWidth)} ${entry.files === 1 ? "file" : "files"}`;
    const changed = entry.written > 0 && entry.written < entry.files ? `, ${thousands(entry.written)} written` : "";
    return `  ${names[index]!.padEnd(width)}  ${count}${changed}`;
  });
  return [`${plural(files.length, "file")} from ${from} (${state})`, ...lines];
}
