/** `@mcpsmith/codegen/generate-openapi`: an OpenAPI document -> an editable mcpsmith project. */

export type { ProjectVersions } from "../project-package.js";
export { type GenerateOpenApiOptions, type GenerateOpenApiResult, generateOpenApiProject } from "./generate.js";
export {
  emitOpenApiProject,
  GENERATED_DIR,
  type OpenApiProject,
  type OpenApiProjectOptions,
} from "./project.js";
export { sampleOf } from "./sample.js";
