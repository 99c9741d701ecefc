import { compileJsonSchema } from "#json-validator";
import { McpsmithError } from "../errors.js";
import type {
  CompiledSchema,
  Issue,
  JsonSchema,
  SchemaInput,
  StandardResult,
  StandardSchemaLike,
  Validation,
} from "./types.js";

export const EMPTY_OBJECT_SCHEMA: JsonSchema = Object.freeze({ type: "object", properties: {} }) as JsonSchema;

export function isStandardSchema(value: unknown): value is StandardSchemaLike {
  return typeof value === "object" && value !== null && "~standard" in value;
}

/**
 * Resolves a user-written schema once: its wire JSON Schema and a validator.
 * `direction` picks the JSON Schema of what the schema accepts (`input`) or produces (`output`).
 */
export function compileSchema(schema: SchemaInput, where: string, direction: "input" | "output"): CompiledSchema {
  if (isStandardSchema(schema)) return fromStandardSchema(schema, where, direction);
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    throw new McpsmithError(
      "E_SCHEMA_INVALID",
      `${where}: a schema must be a zod schema, a Standard Schema or a JSON Schema object`,
    );
  }
  let validate: (value: unknown) => Validation;
  try {
    validate = compileJsonSchema(schema);
  } catch (cause) {
    throw invalidJsonSchema(where, cause);
  }
  return {
    json: schema,
    validate(value) {
      // Ajv compiles at the first value (see compileJsonSchema): what only compiling finds, such as a `$ref` to a
      // missing definition, is reported here, named as at start-up.
      try {
        return validate(value);
      } catch (cause) {
        throw invalidJsonSchema(where, cause);
      }
    },
  };
}

function invalidJsonSchema(where: string, cause: unknown): McpsmithError {
  return new McpsmithError("E_SCHEMA_INVALID", `${where}: invalid JSON Schema: ${(cause as Error).message}`, { cause });
}

function fromStandardSchema(schema: StandardSchemaLike, where: string, direction: "input" | "output"): CompiledSchema {
  const standard = schema["~standard"];
  if (!standard.jsonSchema) {
    throw new McpsmithError(
      "E_SCHEMA_INVALID",
      `${where}: this ${standard.vendor} schema has no JSON Schema output (Standard JSON Schema); use zod 4 or pass a JSON Schema object`,
    );
  }
  let json: JsonSchema;
  try {
    json = standard.jsonSchema[direction]({ target: "draft-2020-12" });
  } catch (cause) {
    throw new McpsmithError(
      "E_SCHEMA_INVALID",
      `${where}: cannot convert to JSON Schema: ${(cause as Error).message}`,
      {
        cause,
      },
    );
  }
  return {
    json,
    validate(value) {
      const result = standard.validate(value);
      return result instanceof Promise ? result.then(fromStandardResult) : fromStandardResult(result);
    },
  };
}

function fromStandardResult(result: StandardResult): Validation {
  if (!result.issues) return { ok: true, value: result.value };
  return {
    ok: false,
    issues: result.issues.map(
      (issue): Issue => ({
        path:
          (issue.path ?? []).map((part) => String(typeof part === "object" ? part.key : part)).join(".") || "(root)",
        message: issue.message,
      }),
    ),
  };
}

/** `city: Invalid input: expected string, received number; limit: Too big: expected number to be <=100` */
export function describeIssues(issues: readonly Issue[]): string {
  return issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
}
