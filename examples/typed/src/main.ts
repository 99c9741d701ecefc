import { serve } from "@mcpsmith/runtime";
import { Library } from "./library.js";

// `node dist/main.js` serves over stdio. Run `mcpsmith build` (the package's `build` script) first: it compiles
// and writes dist/library.mcpsmith.json, the schemas derived from the types in library.ts and catalog.ts.
await serve(new Library(), {
  name: "library",
  version: "1.0.0",
  instructions: "A small library catalog: search, add, lend and shelve books; outline reading lists.",
});
