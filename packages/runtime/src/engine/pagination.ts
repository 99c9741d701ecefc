import { protocolError } from "../wire-errors.js";

/**
 * Lists of up to this many entries go out in one page. Hosts that never follow `nextCursor` still see every
 * tool of any server they can use (Cursor reads 40 tools, VS Code refuses more than 128), while a generated
 * server for a large API (GitHub's operations make megabytes of `tools/list`) answers in bounded pages.
 */
export const DEFAULT_PAGE_SIZE = 500;

export interface Page<T> {
  items: readonly T[];
  nextCursor?: string;
}

// A list's version is a hash of its keys in order, computed once per list: wire lists are immutable and a change
// builds a new one. Keys, not contents: a cursor stays valid while every entry keeps its position. The same model
// gives the same versions in every replica, so a cursor from one replica works on another.
const versions = new WeakMap<readonly unknown[], string>();

function versionOf<T>(list: readonly T[], keyOf: (item: T) => string): string {
  let version = versions.get(list);
  if (version === undefined) {
    version = fnv1a(list.map(keyOf).join("\n"));
    versions.set(list, version);
  }
  return version;
}

/** 32-bit FNV-1a: enough to tell two lists apart, and available on every runtime (no node:crypto on the edge). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * One page of a wire list. The cursor is opaque to clients: base64url of the list's version and the offset of
 * the next page. A cursor that does not decode, points outside the list, or was issued for a list that has since
 * changed is refused with INVALID_PARAMS; the client lists again from the start (it was sent list_changed anyway).
 * A page has one cursor only, spelled as it was issued: the fast paths keep each page's answer by its cursor, so
 * other spellings that decode the same (base64url decoding skips foreign characters) would each keep another copy.
 * Cursors hold no per-client state: a page's cursor is the same for every client.
 */
export function pageOf<T>(
  list: readonly T[],
  keyOf: (item: T) => string,
  cursor: string | undefined,
  pageSize: number,
): Page<T> {
  const version = list.length > pageSize || cursor !== undefined ? versionOf(list, keyOf) : "";
  const start = cursor === undefined ? 0 : decodeCursor(cursor, version, list.length);
  if (start === 0 && list.length <= pageSize) return { items: list };
  const end = start + pageSize;
  return {
    items: list.slice(start, end),
    ...(end < list.length && { nextCursor: encodeCursor(version, end) }),
  };
}

function encodeCursor(version: string, offset: number): string {
  return Buffer.from(`${version}:${offset}`).toString("base64url");
}

function decodeCursor(cursor: string, version: string, length: number): number {
  const match = /^([0-9a-z]+):([1-9][0-9]*)$/.exec(Buffer.from(cursor, "base64url").toString());
  if (!match) throw protocolError("INVALID_PARAMS", "Invalid cursor");
  if (match[1] !== version) {
    throw protocolError(
      "INVALID_PARAMS",
      "Stale cursor: the list changed since this cursor was issued; list again without a cursor",
    );
  }
  const offset = Number(match[2]);
  if (offset >= length || encodeCursor(version, offset) !== cursor)
    throw protocolError("INVALID_PARAMS", "Invalid cursor");
  return offset;
}
