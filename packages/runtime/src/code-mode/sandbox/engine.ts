import type { QuickJSSyncVariant, QuickJSWASMModule } from "quickjs-emscripten-core";
import { type CompiledWasm, ENGINE_INITIAL_PAGES, WASM_PAGE_BYTES, type WasmModuleSource } from "./limits.js";

let quickjs: Promise<{ core: typeof import("quickjs-emscripten-core"); variant: QuickJSSyncVariant }> | undefined;

/** QuickJS's JavaScript, loaded on the first run, not with the module: a server that never runs code never pays. */
function loadQuickJs() {
  quickjs ??= Promise.all([import("quickjs-emscripten-core"), import("@jitl/quickjs-ng-wasmfile-release-sync")]).then(
    ([core, ng]) => {
      // The package's types describe its CommonJS build (an object holding the variant); the ESM build is the variant.
      const found = (ng as { default?: unknown }).default ?? ng;
      const variant = ((found as { default?: unknown }).default ?? found) as QuickJSSyncVariant;
      return { core, variant };
    },
  );
  return quickjs;
}

const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledWasm> };
};

const WASM_SPECIFIER = "@jitl/quickjs-ng-wasmfile-release-sync/wasm";

let shipped: Promise<CompiledWasm> | undefined;

/**
 * The WebAssembly file shipped with the QuickJS package, compiled once per process: each run then instantiates it
 * afresh, which costs about a millisecond, where reading and compiling costs tens.
 */
function shippedWasm(): Promise<CompiledWasm> {
  shipped ??= (async () => {
    // Called on import.meta itself: Bun refuses the function detached from it.
    const meta = import.meta as { resolve?: (specifier: string) => string };
    if (typeof meta.resolve !== "function") {
      throw new Error(
        `This runtime cannot locate ${WASM_SPECIFIER} (no import.meta.resolve): pass codeMode's wasmModule option`,
      );
    }
    const url = new URL(meta.resolve(WASM_SPECIFIER));
    const bytes =
      url.protocol === "file:"
        ? await (await import("node:fs/promises")).readFile(url)
        : new Uint8Array(await (await fetch(url)).arrayBuffer());
    return wasm.compile(bytes);
  })();
  // A failed load is not remembered: the next run tries again.
  shipped.catch(() => {
    shipped = undefined;
  });
  return shipped;
}

const { Memory } = wasm as unknown as {
  Memory: new (descriptor: { initial: number; maximum: number }) => object;
};

/**
 * A new QuickJS instance, with its own WebAssembly memory of at most `memoryBytes`: what a run does in it (or
 * breaks in the engine) reaches no other instance, and it cannot grow past the limit. The memory is the limit because QuickJS's own (`setMemoryLimit`) cannot be: built for WebAssembly,
 * it counts each allocation's size against the limit but adds almost nothing to its running total, so a thousand
 * allocations of a megabyte each pass a limit of 16. A memory that cannot grow makes `malloc` fail instead, which
 * QuickJS reports as "out of memory".
 */
export async function newEngine(source: WasmModuleSource | undefined, memoryBytes: number): Promise<QuickJSWASMModule> {
  const { core, variant } = await loadQuickJs();
  const maximum = Math.max(ENGINE_INITIAL_PAGES, Math.floor(memoryBytes / WASM_PAGE_BYTES));
  const instance = core.newVariant(variant, {
    wasmModule: (source ?? shippedWasm) as never,
    wasmMemory: new Memory({ initial: ENGINE_INITIAL_PAGES, maximum }) as never,
  });
  return core.newQuickJSWASMModuleFromVariant(instance);
}
