import type { QuickJSWASMModule } from "quickjs-emscripten-core";
import { newEngine } from "./engine.js";
import type { WasmModuleSource } from "./limits.js";

/** A QuickJS instance between runs, with a copy of its memory as it was before any run. */
export interface Engine {
  readonly module: QuickJSWASMModule;
  readonly memoryBytes: number;
  readonly source: WasmModuleSource | undefined;
  readonly pristine: Uint8Array;
}

// Instances kept for the next runs. Each holds its memory (up to memoryBytes) and its 16 MiB first state; more runs at
// once make more instances, which are dropped after their run. `dirty` ones are back from a run and not yet reset.
const KEPT_MAX = 2;
const idle: Engine[] = [];
const dirty = new Set<Engine>();

/**
 * An instance for one run: an idle one, or a new one. Making an instance allocates 16 MiB of WebAssembly memory, and
 * in a server holding a large heap (an OpenAPI document of thousands of operations) the garbage collections that
 * allocation sets off cost tens to hundreds of milliseconds; taking a kept instance costs none.
 */
export async function acquireEngine(source: WasmModuleSource | undefined, memoryBytes: number): Promise<Engine> {
  const fits = (engine: Engine) => engine.memoryBytes === memoryBytes && engine.source === source;
  const index = idle.findIndex(fits);
  if (index >= 0) return idle.splice(index, 1)[0]!;
  const returned = [...dirty].find(fits);
  if (returned) {
    dirty.delete(returned);
    reset(returned);
    return returned;
  }
  const module = await newEngine(source, memoryBytes);
  const pristine = new Uint8Array(module.getWasmMemory().buffer.slice(0));
  return { module, memoryBytes, source, pristine };
}

/**
 * Gives an instance back after its run. Only a run that ended cleanly (its runtime freed without an error) returns
 * it, and it serves again only once its whole memory is put back as it was before its first run (see `reset`).
 * Anything else drops it. The reset is made after the run has answered, off the request's path, unless the next run
 * needs the instance first.
 */
export function releaseEngine(engine: Engine, clean: boolean): void {
  if (!clean || idle.length + dirty.size >= KEPT_MAX) return;
  dirty.add(engine);
  setTimeout(() => {
    if (!dirty.delete(engine)) return;
    reset(engine);
    idle.push(engine);
  }, 0);
}

/**
 * The instance's first state copied back over its memory and the pages it grew zeroed: the next run starts from the
 * bytes a new instance starts from, with nothing of an earlier run's data in it, freed or not.
 */
function reset(engine: Engine): void {
  const memory = new Uint8Array(engine.module.getWasmMemory().buffer);
  memory.set(engine.pristine);
  memory.fill(0, engine.pristine.length);
}
