import type { jsonSchemaValidator } from "@modelcontextprotocol/client";
import { compileJsonSchema } from "#json-validator";
import { describeIssues } from "./compile.js";
import type { JsonSchema, Validation } from "./types.js";

/**
 * The SDK's validator interface over mcpsmith's own (compileJsonSchema), for the checks the SDK makes itself, such
 * as a client's check of structuredContent against a tool's outputSchema: schemas are read as the server reads
 * them, formats Ajv does not know (Twilio's `date-time-rfc-2822`, Graph's `base64url`) accepted without the SDK's
 * Ajv printing a warning for each. The value checked is given back as it came, with no defaults filled in.
 *
 * A schema is compiled when a value is first checked against it, not when the SDK asks for its validator: the
 * client asks for every listed tool's at its first callTool, and compiling Kubernetes' 963 output schemas took
 * that one call 34 s on a loaded machine. The server has checked each schema at start-up (compileJsonSchema).
 */
export const sdkJsonSchemaValidator: jsonSchemaValidator = {
  getValidator<T>(schema: unknown) {
    let check: ((value: unknown) => Validation) | undefined;
    return (input: unknown) => {
      check ??= compileJsonSchema(schema as JsonSchema);
      const checked = check(input);
      return checked.ok
        ? { valid: true as const, data: input as T, errorMessage: undefined }
        : { valid: false as const, data: undefined, errorMessage: describeIssues(checked.issues) };
    };
  },
};
