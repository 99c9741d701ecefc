import quickjsNg from "@jitl/quickjs-ng-wasmfile-release-sync";
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSSyncVariant,
  type QuickJSWASMModule,
} from "quickjs-emscripten-core";

/** A compiled `WebAssembly.Module` (typed loosely: the project's TypeScript libraries do not declare WebAssembly). */
export type CompiledWasm = object;

/** The compiled QuickJS module, or how to get it (Cloudflare Workers import it: they cannot compile at run time). */
export type WasmModuleSource = CompiledWasm | (() => Promise<CompiledWasm>);

// The package's types describe its CommonJS build (the module object); its ESM build, which Node loads, is the variant.
const QUICKJS_NG: QuickJSSyncVariant =
  (quickjsNg as unknown as { default?: QuickJSSyncVariant }).default ?? (quickjsNg as unknown as QuickJSSyncVariant);

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
    const resolve = (import.meta as { resolve?: (specifier: string) => string }).resolve;
    if (typeof resolve !== "function") {
      throw new Error(
        `This runtime cannot locate ${WASM_SPECIFIER} (no import.meta.resolve): pass codeMode's wasmModule option`,
      );
    }
    const url = new URL(resolve(WASM_SPECIFIER));
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

const variants = new WeakMap<object, QuickJSSyncVariant>();
let shippedVariant: QuickJSSyncVariant | undefined;

/**
 * A new QuickJS instance with its own WebAssembly memory, for one run: nothing a run leaves in memory (or breaks in
 * the engine) can reach the next, and its memory is released with it.
 */
export function newEngine(source: WasmModuleSource | undefined): Promise<QuickJSWASMModule> {
  if (source === undefined) {
    shippedVariant ??= newVariant(QUICKJS_NG, { wasmModule: shippedWasm as () => Promise<never> });
    return newQuickJSWASMModuleFromVariant(shippedVariant);
  }
  let variant = variants.get(source);
  if (!variant) {
    variant = newVariant(QUICKJS_NG, { wasmModule: source as never });
    variants.set(source, variant);
  }
  return newQuickJSWASMModuleFromVariant(variant);
}
