import type { OptionSpec } from "../args/command.js";

/**
 * The flags that select an OpenAPI document's operations and name their tools. `serve openapi` and
 * `generate openapi` take them alike (parsed by `sourceOptionsOf`), so both give the same tools for the same flags.
 * Plain data: `--help` and argument parsing never load the OpenAPI source.
 */
export const OPENAPI_SOURCE_FLAGS: Record<string, OptionSpec> = {
  tags: { type: "string", value: "LIST", multiple: true, description: "Only operations with these tags" },
  "exclude-tags": {
    type: "string",
    value: "LIST",
    multiple: true,
    description: "Leave out operations with these tags",
  },
  paths: { type: "string", value: "GLOBS", multiple: true, description: "Only paths matching these globs (/pets/**)" },
  "exclude-paths": {
    type: "string",
    value: "GLOBS",
    multiple: true,
    description: "Leave out paths matching these globs",
  },
  methods: { type: "string", value: "LIST", multiple: true, description: "Only these HTTP methods (GET,POST)" },
  "exclude-methods": { type: "string", value: "LIST", multiple: true, description: "Leave out these HTTP methods" },
  operations: { type: "string", value: "LIST", multiple: true, description: "Only these operationIds" },
  "exclude-operations": { type: "string", value: "LIST", multiple: true, description: "Leave out these operationIds" },
  "include-deprecated": { type: "boolean", description: "Serve deprecated operations too (skipped by default)" },
  "max-name-length": {
    type: "string",
    value: "N",
    description: "Longest tool name (default 64), leaving room for host prefixes",
  },
  "output-schema": {
    type: "boolean",
    negatable: true,
    description: "Leave out outputSchema (from 2xx response schemas), for specs whose answers break them",
  },
  "env-prefix": {
    type: "string",
    value: "NAME",
    description: "The API part of credential variable names (default from the title, e.g. PETSTORE)",
  },
};
