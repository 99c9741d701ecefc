// The runtime as tests see it: the built package (what examples and users load), imported by path because the
// workspace root does not depend on @mcpsmith/runtime. Import it from here so that changes in one place.
export * from "../../packages/runtime/dist/index.js";
export * from "../../packages/runtime/dist/testing/index.js";
