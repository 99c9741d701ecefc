// What a run may use, and how the engine is given: the sandbox's own vocabulary, which code mode's options repeat.

/** What one `execute` may use. Every refusal names the limit it hit, so an operator knows which one to raise. */
export interface CodeModeLimits {
  /** Milliseconds a run may take from its first line to its answer, api calls included. Default 10,000. */
  wallTimeMs: number;
  /** Bytes of memory one run's engine may hold in all (it starts with 16 MiB, the rest is its heap). Default 64 MiB. */
  memoryBytes: number;
  /** Calls into `api` one run may make; the next one ends the run. Default 50. */
  apiCalls: number;
  /** Bytes of the JSON a run answers with: the result, then the logs in what is left. Default 100 KiB. */
  resultBytes: number;
  /** Bytes of the sandbox's machine stack (how deep code may recurse). Default 256 KiB. */
  stackBytes: number;
  /** Runs in progress at once in this server; one more is refused until one ends. Default 16. */
  concurrentRuns: number;
}

export const DEFAULT_LIMITS: Readonly<CodeModeLimits> = Object.freeze({
  wallTimeMs: 10_000,
  memoryBytes: 64 * 1024 * 1024,
  apiCalls: 50,
  resultBytes: 100 * 1024,
  stackBytes: 256 * 1024,
  concurrentRuns: 16,
});

/** A compiled `WebAssembly.Module` (typed loosely: the project's TypeScript libraries do not declare WebAssembly). */
export type CompiledWasm = object;

/** The compiled QuickJS module, or how to get it (Cloudflare Workers import it: they cannot compile at run time). */
export type WasmModuleSource = CompiledWasm | (() => Promise<CompiledWasm>);

/** WebAssembly pages of 64 KiB the QuickJS build starts with (its memory import's minimum): 16 MiB. */
export const ENGINE_INITIAL_PAGES = 256;
export const WASM_PAGE_BYTES = 64 * 1024;
