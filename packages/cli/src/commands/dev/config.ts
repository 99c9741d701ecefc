import { existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { cliBin } from "../../cli-bin.js";
import { configFailure } from "../../config/errors.js";
import type { Io } from "../../io.js";
import type { DevSessionOptions } from "./session.js";

/**
 * Changes that are not the sources': dependencies, builds, what dev itself writes (derived schemas), version
 * control, and database files, which change whenever the server writes a row.
 */
const NOT_SOURCES = /(^|[\\/])(node_modules|dist|\.git|\.mcpsmith)([\\/]|$)|\.(sqlite3?|db)(-wal|-shm|-journal)?$/i;

/** `mcpsmith dev` over a config: what runs and what is watched. */
export async function configSession(file: string, port: number | undefined, io: Io): Promise<DevSessionOptions> {
  const { localPaths, readConfig } = await import("@mcpsmith/codegen/config");
  let read: Awaited<ReturnType<typeof readConfig>>;
  try {
    read = await readConfig(file, io.cwd);
  } catch (error) {
    throw configFailure(error);
  }
  // The config's folder, and the folders of sources outside it.
  const folders = [read.dir];
  for (const path of localPaths(read)) {
    const folder = existsSync(path) && !/\.[a-z0-9]+$/i.test(path) ? path : dirname(path);
    if (!folders.some((watched) => !relative(watched, folder).startsWith(".."))) folders.push(folder);
  }
  const tsconfig = ["tsconfig.json", "tsconfig.build.json"].map((name) => join(read.dir, name)).find(existsSync);
  return {
    project: read.dir,
    entry: cliBin(),
    args: ["serve", "--config", read.file, ...(port === undefined ? ["--stdio"] : ["--http", String(port)])],
    tsc: undefined,
    generations: [],
    port,
    io,
    watch: { folders, ignore: NOT_SOURCES, tsconfig },
  };
}
