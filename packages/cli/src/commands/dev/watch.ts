import { watch } from "node:fs";
import { createInterface } from "node:readline";
import type { Io } from "../../io.js";
import { signalGroup, spawnGroup } from "./process-group.js";
import type { TscSetup } from "./project.js";
import { type CompileResult, TscOutput } from "./tsc-output.js";

/** What tells the session that the build changed; closed when the session ends. */
export interface BuildWatcher {
  close(): void;
}

/** Without tsc: any change under `folder` (node_modules aside), once the changes pause for 150 ms. */
export function watchFolder(folder: string, onChange: () => void): BuildWatcher {
  return watchFolders([folder], onChange, NODE_MODULES);
}

const NODE_MODULES = /(^|[\\/])node_modules([\\/]|$)/;

/**
 * Any change under these folders whose path (relative to its folder) `ignore` does not match, once the changes
 * pause for 150 ms.
 */
export function watchFolders(folders: readonly string[], onChange: () => void, ignore: RegExp): BuildWatcher {
  let timer: NodeJS.Timeout | undefined;
  const watchers = folders.map((folder) =>
    watch(folder, { recursive: true }, (_event, file) => {
      if (file && ignore.test(file)) return;
      clearTimeout(timer);
      timer = setTimeout(onChange, 150);
    }),
  );
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}

export interface TscWatchOptions {
  setup: TscSetup;
  project: string;
  io: Io;
  /** tsc's colours, as our stderr would show them. */
  pretty: boolean;
  /** Each compile's result, in order. */
  onCompile(result: CompileResult): void;
  /** tsc ended without being closed; `unfinished` is what its last compile printed. */
  onExit(code: number | null, unfinished: readonly string[]): void;
}

/** The project's own tsc in watch mode. */
export function watchTsc(options: TscWatchOptions): BuildWatcher {
  const { setup, project, io, pretty } = options;
  const child = spawnGroup(
    process.execPath,
    [setup.bin, "-p", setup.config, "--watch", "--preserveWatchOutput", "--pretty", String(pretty)],
    { cwd: project, env: io.env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] },
  );
  const output = new TscOutput();
  const onLine = (line: string) => {
    const result = output.read(line);
    if (result) options.onCompile(result);
  };
  createInterface({ input: child.stdout! }).on("line", onLine);
  createInterface({ input: child.stderr! }).on("line", onLine);
  child.once("exit", (code) => options.onExit(code, output.unfinished));
  return { close: () => signalGroup(child, "SIGTERM") };
}
