import type { ts } from "ts-morph";
import { CodegenError } from "../../errors.js";
import type { AnnotatedDeclaration } from "./annotated-discover.js";
import type { DescribedCallable } from "./annotated-lower.js";
import { argumentDatesOf, descriptionOf, inputSchemaOf, outputSchemaOf } from "./describe-callable.js";
import { createSchemaContext } from "./schema-context.js";
import { TypeSchemaError } from "./type-schema-error.js";

export interface Describer {
  describe(declaration: AnnotatedDeclaration): DescribedCallable;
  /** Throws every type that could not become a schema, at once, each at its `file:line:column`. */
  finish(): void;
}

/**
 * Reads the shape of tagged callables with the type converter (describe-callable.ts), adding what a plain
 * function may also ask for: the runtime's `Context` as its last parameter. So a callable takes at most one
 * arguments object, then optionally the context: `(args)`, `(args, ctx)`, `()` or `(ctx)`. Problems in argument
 * types are collected across all callables and thrown by `finish`, so one run reports all of them.
 */
export function createDescriber(cwd: string, checker: ts.TypeChecker): Describer {
  const context = createSchemaContext(checker);
  return {
    describe(declaration) {
      const { callable, where } = declaration;
      const parameters = callable.parameters;
      const last = parameters.at(-1);
      const takesContext = last !== undefined && isContext(checker.getTypeAtLocation(last));
      const argumentParameters = takesContext ? parameters.slice(0, -1) : parameters;
      const [parameter] = argumentParameters;
      const rest = parameter?.dotDotDotToken !== undefined;
      if (argumentParameters.length > 1 || rest) {
        const what = rest ? "a rest parameter" : `${argumentParameters.length} parameters`;
        throw new CodegenError(
          "E_ANNOTATION_INVALID",
          `${where}: ${declaration.declaredName} takes ${what}; a tagged function takes one object of arguments (then, optionally, the runtime's Context). Wrap them: \`(args: { a: string; b: number })\`.`,
        );
      }
      const input = inputSchemaOf(callable, parameter, context);
      const output = outputSchemaOf(callable, context);
      const dates = argumentDatesOf(parameter, context);
      return {
        description: descriptionOf(callable) ?? "",
        input,
        ...(output && { output }),
        ...(dates && { dates }),
        takesArguments: parameter !== undefined,
        takesContext,
      };
    },
    finish() {
      if (context.problems.length > 0) throw new TypeSchemaError(context.problems, cwd);
    },
  };
}

/** The runtime's `Context` (by name, declared in @mcpsmith/runtime), however the user imported it. */
function isContext(type: ts.Type): boolean {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  if (symbol?.getName() !== "Context") return false;
  return (symbol.declarations ?? []).some((node) =>
    /[\\/](@mcpsmith[\\/]runtime|packages[\\/]runtime)[\\/]/.test(node.getSourceFile().fileName),
  );
}
