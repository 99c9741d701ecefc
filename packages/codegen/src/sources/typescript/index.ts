/**
 * `@mcpsmith/codegen/typescript`: TypeScript types -> JSON Schema 2020-12 (on the compiler's own API), the shapes
 * of callables, and the build-time extraction of decorated classes' schemas. A subpath of its own because the
 * compiler is heavy.
 */
export { type DecoratedMethod, decoratedMethods, type MemberKind, RUNTIME_MODULE } from "./decorated.js";
export {
  type Callable,
  type CallableSchemas,
  describeCallable,
  descriptionOf,
  EMPTY_INPUT,
  inputSchemaOf,
  outputSchemaOf,
} from "./describe-callable.js";
export { annotationsOf, type DocAnnotations, summaryOf } from "./doc-tags.js";
export {
  createSchemaExtractor,
  type DerivedMember,
  type Extraction,
  type SchemaExtractor,
} from "./extractor.js";
export { createSchemaContext, type SchemaContext } from "./schema-context.js";
export {
  applySchemaFiles,
  MODULE_SCHEMAS_SUFFIX,
  PROJECT_SCHEMAS_FILE,
  planSchemaFiles,
  type SchemaFile,
  type SchemaFilesPlan,
  schemasPathOf,
} from "./schema-files.js";
export { schemaOfType } from "./schema-of-type.js";
export {
  formatProblem,
  problemAt,
  TypeSchemaError,
  type TypeSchemaProblem,
} from "./type-schema-error.js";
