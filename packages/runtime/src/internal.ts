// `@mcpsmith/runtime/internal`: for mcpsmith's own packages (codegen, cli), no compatibility promise. What is here
// may change in any release; user code imports `@mcpsmith/runtime` and its documented subpaths instead.
export {
  type DerivedClasses,
  type DerivedSchemas,
  MODULE_SCHEMAS_SUFFIX,
  type ModuleSchemasFile,
  moduleSchemasPath,
  PROJECT_SCHEMAS,
  type ProjectSchemasFile,
} from "./model/derived.js";
