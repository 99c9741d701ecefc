/**
 * Finds the methods of a module that carry the runtime's `@tool`, `@prompt` or `@resource` decorators, reading
 * imports only (no type checking): a module that does not import the decorators costs one parse.
 */
import {
  type ClassDeclaration,
  type Decorator,
  type MethodDeclaration,
  Node,
  type SourceFile,
  SyntaxKind,
} from "ts-morph";

export const RUNTIME_MODULE = "@mcpsmith/runtime";

export type MemberKind = "tool" | "prompt" | "resource";

export interface DecoratedMethod {
  kind: MemberKind;
  /** The class's name as the runtime sees it (`constructor.name`); `default` for an anonymous default export. */
  className: string;
  method: MethodDeclaration;
  /** The decorator's options name an explicit input schema (`input:` for tools, `args:` for prompts). */
  explicitInput: boolean;
  /** The decorator's options name an explicit `output:` schema. */
  explicitOutput: boolean;
}

const KINDS: readonly MemberKind[] = ["tool", "prompt", "resource"];
/** The option that carries an explicit schema, per kind (resources have none: their URI names the variables). */
const SCHEMA_OPTION: Record<MemberKind, string | undefined> = { tool: "input", prompt: "args", resource: undefined };

export function decoratedMethods(file: SourceFile): DecoratedMethod[] {
  const names = decoratorNames(file);
  if (names.direct.size === 0 && names.namespaces.size === 0) return [];
  const found: DecoratedMethod[] = [];
  for (const declaration of classesOf(file)) {
    const className = declaration.getName() ?? "default";
    for (const method of declaration.getMethods()) {
      for (const decorator of method.getDecorators()) {
        const kind = kindOf(decorator, names);
        if (kind === undefined) continue;
        const input = SCHEMA_OPTION[kind];
        found.push({
          kind,
          className,
          method,
          explicitInput: input !== undefined && hasOption(decorator, kind, input),
          explicitOutput: kind === "tool" && hasOption(decorator, kind, "output"),
        });
      }
    }
  }
  return found;
}

/**
 * Classes at any depth (a class declared inside a function is still decorated when that function runs). Found by
 * kind, so only classes are wrapped as ts-morph nodes: wrapping every node was a third of a run's extraction time.
 */
function classesOf(file: SourceFile): ClassDeclaration[] {
  return file.getDescendantsOfKind(SyntaxKind.ClassDeclaration);
}

interface Names {
  /** Local name -> decorator kind (`import { tool as mcpTool }`). */
  direct: Map<string, MemberKind>;
  /** Namespace imports (`import * as mcp from "@mcpsmith/runtime"`). */
  namespaces: Set<string>;
}

function decoratorNames(file: SourceFile): Names {
  const names: Names = { direct: new Map(), namespaces: new Set() };
  for (const declaration of file.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== RUNTIME_MODULE) continue;
    const namespace = declaration.getNamespaceImport();
    if (namespace !== undefined) names.namespaces.add(namespace.getText());
    for (const specifier of declaration.getNamedImports()) {
      const imported = specifier.getName() as MemberKind;
      if (KINDS.includes(imported)) names.direct.set(specifier.getAliasNode()?.getText() ?? imported, imported);
    }
  }
  return names;
}

function kindOf(decorator: Decorator, names: Names): MemberKind | undefined {
  const expression = decorator.getCallExpression()?.getExpression();
  if (expression === undefined) return undefined;
  if (Node.isIdentifier(expression)) return names.direct.get(expression.getText());
  if (Node.isPropertyAccessExpression(expression)) {
    const name = expression.getName() as MemberKind;
    return names.namespaces.has(expression.getExpression().getText()) && KINDS.includes(name) ? name : undefined;
  }
  return undefined;
}

/** Whether the decorator's literal options name an option (`@tool({ input: z.object(...) })`). */
function hasOption(decorator: Decorator, kind: MemberKind, option: string): boolean {
  const args = decorator.getArguments();
  const options = kind === "resource" ? args[1] : args[0];
  if (options === undefined || !Node.isObjectLiteralExpression(options)) return false;
  return options.getProperty(option) !== undefined;
}
