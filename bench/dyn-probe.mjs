import module from "node:module";
module.enableCompileCache?.("/tmp/su3/cc2");
await import("./gen-static.mjs");
