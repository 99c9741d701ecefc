/** `@mcpsmith/codegen/generate-openapi`: an OpenAPI document -> an editable mcpsmith project. */
export { type GenerateOpenApiOptions, type GenerateOpenApiResult, generateOpenApiProject } from "./generate.js";
export {
  emitOpenApiProject,
  GENERATED_DIR,
  type OpenApiProject,
  type OpenApiProjectOptions,
  type ProjectVersions,
} from "./project.js";
export { sampleOf } from "./sample.js";
