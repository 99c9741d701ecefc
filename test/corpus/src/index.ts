/**
 * Paths of corpus files for tests and the bench. Small files are kept as they are; large ones are committed
 * gzip-compressed (`name.gz`), and a folder of many files as one archive (`folder.tar.gz`). An archive is unpacked
 * on first use into a cache folder ignored by git, under a key made from its content, so a changed archive is
 * unpacked again. Vitest runs test files in several processes at once: each unpacks into a folder of its own and
 * renames it into place, so a reader never sees half a file, and the first rename wins.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { extract } from "tar";

/** This package's folder: the corpus as committed. */
const COMMITTED = fileURLToPath(new URL("..", import.meta.url));
const CACHE = join(COMMITTED, "..", "..", "node_modules", ".cache", "mcpsmith-corpus");

const GZIP = ".gz";
const ARCHIVE = ".tar.gz";

const resolved = new Map<string, string>();
/** The cache folders this process has read from, for `portable`. */
const unpackedRoots = new Set<string>();

/**
 * The absolute path of a corpus file or folder, named as in MANIFEST.md (`openapi/github-rest-oas30.json`,
 * `openapi/digitalocean-multifile/specification/DigitalOcean-public.v2.yaml`, `sql/chinook.sqlite`), unpacked first
 * when it is committed compressed. Throws when the corpus has no such entry.
 */
export function corpusFile(name: string): string {
  let path = resolved.get(name);
  if (path === undefined) {
    path = locate(name);
    resolved.set(name, path);
  }
  return path;
}

/** The names of the files directly in a corpus folder, as `corpusFile` takes them after `${folder}/`, sorted. */
export function corpusDocuments(folder: string): string[] {
  return readdirSync(join(COMMITTED, folder), { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(ARCHIVE))
    .map((entry) => (entry.name.endsWith(GZIP) ? entry.name.slice(0, -GZIP.length) : entry.name))
    .sort();
}

/**
 * Text with every corpus location replaced by `corpus/`, so that output naming corpus files (golden snapshots,
 * messages) reads the same on every machine, whether a file was committed plain or unpacked into the cache.
 */
export function portable(text: string): string {
  let result = text.replaceAll(join(COMMITTED, sep), "corpus/");
  for (const root of unpackedRoots) result = result.replaceAll(join(root, sep), "corpus/");
  return result;
}

function locate(name: string): string {
  const committed = join(COMMITTED, name);
  if (existsSync(committed)) return committed;
  if (existsSync(committed + GZIP)) return inCache(name, `${name}${GZIP}`, gunzipInto);
  // A folder committed as one archive, or a file inside it.
  for (let folder = name; folder !== "."; folder = dirname(folder)) {
    if (existsSync(join(COMMITTED, folder + ARCHIVE))) return inCache(name, `${folder}${ARCHIVE}`, untarInto);
  }
  throw new Error(`${name} is not in the corpus: test/corpus/MANIFEST.md lists what is`);
}

/** Unpacks `archive` (a path in the corpus) into the cache unless it is there, and returns where `name` is. */
function inCache(name: string, archive: string, unpack: (archive: string, into: string) => void): string {
  const bytes = readFileSync(join(COMMITTED, archive));
  const key = createHash("sha256").update(archive).update("\0").update(bytes).digest("hex").slice(0, 16);
  const unpacked = join(CACHE, key);
  if (!existsSync(unpacked)) {
    const scratch = `${unpacked}.${process.pid}-${randomBytes(4).toString("hex")}`;
    try {
      unpack(archive, scratch);
      renameSync(scratch, unpacked);
    } catch (error) {
      // Another process renamed its copy into place first: theirs is as good as ours.
      if (!existsSync(unpacked)) throw error;
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  unpackedRoots.add(unpacked);
  const path = join(unpacked, name);
  if (!existsSync(path)) throw new Error(`${name} is not in the corpus archive ${archive}`);
  return path;
}

/** `openapi/x.json.gz` -> `<into>/openapi/x.json`. */
function gunzipInto(archive: string, into: string): void {
  const target = join(into, archive.slice(0, -GZIP.length));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, gunzipSync(readFileSync(join(COMMITTED, archive))));
}

/** `openapi/folder.tar.gz` (holding `folder/...`) -> `<into>/openapi/folder/...`. */
function untarInto(archive: string, into: string): void {
  const cwd = join(into, dirname(archive));
  mkdirSync(cwd, { recursive: true });
  extract({ file: join(COMMITTED, archive), cwd, sync: true, strict: true });
}
