import module from "node:module";

// Node 22.1 and later keep the code they compile on disk (in the system's temporary directory, or where
// NODE_COMPILE_CACHE says; NODE_DISABLE_COMPILE_CACHE turns it off), so that the next start of the same files skips
// compiling them: about a fifth of a stdio server's start-up CPU (docs/performance.md). Node 20 has no such cache, and
// this does nothing there. Only the modules loaded after it benefit: an entry imports this first and loads the rest
// with `import()`, as the entries mcpsmith writes do.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
