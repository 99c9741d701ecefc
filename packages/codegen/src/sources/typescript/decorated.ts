/**
 * Finds the methods of a module that carry the runtime's `@tool`, `@prompt` or `@resource` decorators, reading
 * imports only (no type checking): a module that does not import the decorators costs one parse.
 */
import type { ts } from "ts-morph";
import { compiler } from "./compiler.js";

export const RUNTIME_MODULE = "@mcpsmith/runtime";

export type MemberKind = "tool" | "prompt" | "resource";

export interface DecoratedMethod {
  kind: MemberKind;
  /** The class's name as the runtime sees it (`constructor.name`); `default` for an anonymous default export. */
  className: string;
  method: ts.MethodDeclaration;
  /** The decorator's options name an explicit input schema (`input:` for tools, `args:` for prompts). */
  explicitInput: boolean;
  /** The decorator's options name an explicit `output:` schema. */
  explicitOutput: boolean;
}

const { ModifierFlags, SyntaxKind } = compiler;

const KINDS: readonly MemberKind[] = ["tool", "prompt", "resource"];
/** The option that carries an explicit schema, per kind (resources have none: their URI names the variables). */
const SCHEMA_OPTION: Record<MemberKind, string | undefined> = { tool: "input", prompt: "args", resource: undefined };

export function decoratedMethods(file: ts.SourceFile): DecoratedMethod[] {
  const names = decoratorNames(file);
  if (names.direct.size === 0 && names.namespaces.size === 0) return [];
  const found: DecoratedMethod[] = [];
  for (const declaration of classesOf(file)) {
    const className = declaration.name?.text ?? "default";
    for (const method of methodsOf(declaration)) {
      for (const decorator of compiler.getDecorators(method) ?? []) {
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

/** Classes at any depth (a class declared inside a function is still decorated when that function runs). */
function classesOf(file: ts.SourceFile): ts.ClassDeclaration[] {
  const classes: ts.ClassDeclaration[] = [];
  const visit = (node: ts.Node): void => {
    if (node.kind === SyntaxKind.ClassDeclaration) classes.push(node as ts.ClassDeclaration);
    compiler.forEachChild(node, visit);
  };
  visit(file);
  return classes;
}

/** The methods with a body (an overload's signatures are not the method), or every one in an ambient class. */
function methodsOf(declaration: ts.ClassDeclaration): ts.MethodDeclaration[] {
  const ambient = isAmbient(declaration);
  return declaration.members.filter(
    (member): member is ts.MethodDeclaration =>
      member.kind === SyntaxKind.MethodDeclaration &&
      (ambient || (member as ts.MethodDeclaration).body !== undefined || hasModifier(member, ModifierFlags.Abstract)),
  );
}

/** Declared with `declare` (itself or an enclosing namespace), or in a declaration file: no method has a body. */
function isAmbient(declaration: ts.ClassDeclaration): boolean {
  if (declaration.getSourceFile().isDeclarationFile) return true;
  for (let node: ts.Node | undefined = declaration; node !== undefined; node = node.parent) {
    const kind = node.kind;
    if (kind === SyntaxKind.InterfaceDeclaration || kind === SyntaxKind.TypeAliasDeclaration) return true;
    if (node !== declaration.getSourceFile() && hasModifier(node, ModifierFlags.Ambient)) return true;
  }
  return false;
}

function hasModifier(node: ts.Node, flag: ts.ModifierFlags): boolean {
  return (compiler.getCombinedModifierFlags(node as ts.Declaration) & flag) === flag;
}

interface Names {
  /** Local name -> decorator kind (`import { tool as mcpTool }`). */
  direct: Map<string, MemberKind>;
  /** Namespace imports (`import * as mcp from "@mcpsmith/runtime"`). */
  namespaces: Set<string>;
}

function decoratorNames(file: ts.SourceFile): Names {
  const names: Names = { direct: new Map(), namespaces: new Set() };
  for (const statement of file.statements) {
    if (statement.kind !== SyntaxKind.ImportDeclaration) continue;
    const declaration = statement as ts.ImportDeclaration;
    const specifier = declaration.moduleSpecifier;
    if (specifier.kind !== SyntaxKind.StringLiteral || (specifier as ts.StringLiteral).text !== RUNTIME_MODULE)
      continue;
    const bindings = declaration.importClause?.namedBindings;
    if (bindings?.kind === SyntaxKind.NamespaceImport) names.namespaces.add(bindings.name.text);
    if (bindings?.kind !== SyntaxKind.NamedImports) continue;
    for (const element of bindings.elements) {
      const imported = (element.propertyName ?? element.name).getText(file) as MemberKind;
      if (KINDS.includes(imported)) names.direct.set(element.name.text, imported);
    }
  }
  return names;
}

/** The call a decorator makes (`@tool()`, `@(mcp.tool)()`), or undefined for a bare `@tool`. */
function callOf(decorator: ts.Decorator): ts.CallExpression | undefined {
  let expression: ts.Expression = decorator.expression;
  while (expression.kind === SyntaxKind.ParenthesizedExpression) {
    expression = (expression as ts.ParenthesizedExpression).expression;
  }
  return expression.kind === SyntaxKind.CallExpression ? (expression as ts.CallExpression) : undefined;
}

function kindOf(decorator: ts.Decorator, names: Names): MemberKind | undefined {
  const expression = callOf(decorator)?.expression;
  if (expression === undefined) return undefined;
  if (expression.kind === SyntaxKind.Identifier) return names.direct.get((expression as ts.Identifier).text);
  if (expression.kind === SyntaxKind.PropertyAccessExpression) {
    const access = expression as ts.PropertyAccessExpression;
    const name = access.name.text as MemberKind;
    const namespace = access.expression.getText(decorator.getSourceFile());
    return names.namespaces.has(namespace) && KINDS.includes(name) ? name : undefined;
  }
  return undefined;
}

/** Whether the decorator's literal options name an option (`@tool({ input: z.object(...) })`). */
function hasOption(decorator: ts.Decorator, kind: MemberKind, option: string): boolean {
  const args = callOf(decorator)?.arguments ?? [];
  const options = kind === "resource" ? args[1] : args[0];
  if (options?.kind !== SyntaxKind.ObjectLiteralExpression) return false;
  const file = decorator.getSourceFile();
  return (options as ts.ObjectLiteralExpression).properties.some(
    (property) => property.name !== undefined && property.name.getText(file) === option,
  );
}
