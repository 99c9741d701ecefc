import { relative, sep } from "node:path";
import type { ts } from "ts-morph";
import { CodegenError } from "../../errors.js";
import type { Origin } from "../../ir/types.js";
import type { TypeScriptBinding } from "../../ir/typescript.js";
import { type Annotation, readAnnotation } from "./annotated-tags.js";
import { compiler } from "./compiler.js";
import type { Callable } from "./describe-callable.js";
import { docCommentsOf } from "./doc-comments.js";

export type { Callable } from "./describe-callable.js";

/** One tagged declaration, found and checked, not yet given a schema or a final name. */
export interface AnnotatedDeclaration {
  annotation: Annotation;
  callable: Callable;
  /** The function's or method's own name: the default tool or prompt name. */
  declaredName: string;
  binding: Pick<TypeScriptBinding, "module" | "exportName" | "method">;
  origin: Origin;
  /** `file:line:column`, for messages. */
  where: string;
}

const { ModifierFlags, SymbolFlags } = compiler;

/**
 * Finds, in each input module, the exported functions, exported `const` function expressions and public
 * methods of exported classes that carry `@tool`, `@resource` or `@prompt`. A tag on something that cannot be
 * imported and called (not exported, private, a class with required constructor arguments) is an error naming
 * its location, never a silent skip.
 */
export function discoverAnnotated(
  files: readonly ts.SourceFile[],
  checker: ts.TypeChecker,
  cwd: string,
): AnnotatedDeclaration[] {
  return files.flatMap((file) => discoverInFile(file, checker, cwd));
}

function discoverInFile(file: ts.SourceFile, checker: ts.TypeChecker, cwd: string): AnnotatedDeclaration[] {
  const exportNames = exportNamesOf(file, checker);
  const found: AnnotatedDeclaration[] = [];
  const locate = (node: ts.Node) => location(file, node, cwd);

  // Functions, then constants, then classes: the first problem reported is the first of that order.
  for (const statement of file.statements.filter(compiler.isFunctionDeclaration)) {
    // An overload's signature is not the function (unless the whole function is ambient).
    if (statement.body === undefined && !isAmbient(statement)) continue;
    const docs = docCommentsOf(statement);
    const { where, origin } = locate(statement);
    const annotation = readAnnotation(docs, where);
    if (!annotation) continue;
    const name = statement.name?.text;
    const exportName = requireExported(exportNames.get(statement), name ?? "default", where, "function");
    const declaredName = name ?? exportName;
    found.push({
      annotation,
      callable: statement,
      declaredName,
      binding: bindingOf(file, exportName),
      where,
      origin,
    });
  }
  for (const statement of file.statements.filter(compiler.isVariableStatement)) {
    found.push(...discoverInStatement(file, statement, exportNames, locate));
  }
  for (const cls of file.statements.filter(compiler.isClassDeclaration)) {
    found.push(...discoverInClass(file, cls, exportNames, locate));
  }
  // Source order, whatever the kind of declaration: the order a reader of the module sees.
  return found.sort((a, b) => a.callable.getStart(file) - b.callable.getStart(file));
}

function discoverInStatement(
  file: ts.SourceFile,
  statement: ts.VariableStatement,
  exportNames: Map<ts.Node, string>,
  locate: (node: ts.Node) => Pick<AnnotatedDeclaration, "origin" | "where">,
): AnnotatedDeclaration[] {
  const docs = docCommentsOf(statement);
  const annotation = readAnnotation(docs, locate(statement).where);
  if (!annotation) return [];
  return statement.declarationList.declarations.map((declaration) => {
    const initializer = declaration.initializer;
    const { where, origin } = locate(declaration);
    const name = declaration.name.getText(file);
    if (!initializer || !(compiler.isArrowFunction(initializer) || compiler.isFunctionExpression(initializer))) {
      throw new CodegenError(
        "E_ANNOTATION_INVALID",
        `${where}: @${annotation.kind} is on "${name}", which is not a function. Tag a function, an arrow function constant or a class method.`,
      );
    }
    const exportName = requireExported(exportNames.get(declaration), name, where, "constant");
    return {
      annotation,
      callable: initializer,
      declaredName: name,
      binding: bindingOf(file, exportName),
      where,
      origin,
    };
  });
}

function discoverInClass(
  file: ts.SourceFile,
  cls: ts.ClassDeclaration,
  exportNames: Map<ts.Node, string>,
  locate: (node: ts.Node) => Pick<AnnotatedDeclaration, "origin" | "where">,
): AnnotatedDeclaration[] {
  const className = cls.name?.text ?? "default";
  if (readAnnotation(docCommentsOf(cls), locate(cls).where)) {
    throw new CodegenError(
      "E_ANNOTATION_INVALID",
      `${locate(cls).where}: tags go on methods, not on the class ${className}. Move the tag to each public method to expose.`,
    );
  }
  const found: AnnotatedDeclaration[] = [];
  for (const method of membersOf(cls).filter(compiler.isMethodDeclaration)) {
    const docs = docCommentsOf(method);
    const { where, origin } = locate(method);
    const annotation = readAnnotation(docs, where);
    if (!annotation) continue;
    const exportName = requireExported(exportNames.get(cls), className, where, "class");
    const name = method.name.getText(file);
    if (hasModifier(method, ModifierFlags.Private | ModifierFlags.Protected) || name.startsWith("#")) {
      throw new CodegenError(
        "E_ANNOTATION_INVALID",
        `${where}: ${className}.${name} is not public, so the generated server cannot call it. Make it public or drop the tag.`,
      );
    }
    const isStatic = hasModifier(method, ModifierFlags.Static);
    if (!isStatic) requireNoArgumentConstructor(cls, className, where);
    found.push({
      annotation,
      callable: method,
      declaredName: name,
      binding: { ...bindingOf(file, exportName), method: { name, static: isStatic } },
      where,
      origin,
    });
  }
  return found;
}

/** The generated server makes one instance with `new Class()`, so the constructor must need no arguments. */
function requireNoArgumentConstructor(cls: ts.ClassDeclaration, className: string, where: string): void {
  if (hasModifier(cls, ModifierFlags.Abstract)) {
    throw new CodegenError(
      "E_ANNOTATION_INVALID",
      `${where}: ${className} is abstract, so the generated server cannot make an instance. Tag the methods of a concrete class, or make the method static.`,
    );
  }
  const needsArguments = membersOf(cls)
    .filter(compiler.isConstructorDeclaration)
    .some((ctor) =>
      ctor.parameters.some(
        (parameter) => !parameter.questionToken && !parameter.dotDotDotToken && !parameter.initializer,
      ),
    );
  if (needsArguments) {
    throw new CodegenError(
      "E_ANNOTATION_INVALID",
      `${where}: ${className}'s constructor takes required arguments, and the generated server makes its instance with \`new ${className}()\`. Give the arguments defaults, make the method static, or export a function that calls it.`,
    );
  }
}

/**
 * A class's members as its code has them: an overload's signatures are left out (its implementation is the
 * method or constructor), unless the class is ambient and has no implementations at all. Abstract methods stay.
 */
function membersOf(cls: ts.ClassDeclaration): ts.ClassElement[] {
  if (isAmbient(cls)) return [...cls.members];
  return cls.members.filter((member) => {
    if (compiler.isConstructorDeclaration(member)) return member.body !== undefined;
    if (!compiler.isMethodDeclaration(member)) return true;
    return member.body !== undefined || hasModifier(member, ModifierFlags.Abstract);
  });
}

/** Declared with `declare` (itself or an enclosing declaration), or in a declaration file. */
function isAmbient(node: ts.Node): boolean {
  if (node.getSourceFile().isDeclarationFile) return true;
  for (let current: ts.Node | undefined = node; current !== undefined; current = current.parent) {
    if (compiler.isInterfaceDeclaration(current) || compiler.isTypeAliasDeclaration(current)) return true;
    if (!compiler.isSourceFile(current) && hasModifier(current, ModifierFlags.Ambient)) return true;
  }
  return false;
}

function hasModifier(node: ts.Node, flags: ts.ModifierFlags): boolean {
  return (compiler.getCombinedModifierFlags(node as ts.Declaration) & flags) !== 0;
}

/**
 * Each declaration of the module that is exported, by the name it is exported under (`export { a as b }` gives
 * `b`, `export default` gives `default`); the first name wins when there are several.
 */
function exportNamesOf(file: ts.SourceFile, checker: ts.TypeChecker): Map<ts.Node, string> {
  const names = new Map<ts.Node, string>();
  const module = checker.getSymbolAtLocation(file);
  if (module === undefined) return names;
  for (const exported of checker.getExportsOfModule(module)) {
    const target = exported.flags & SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    for (const declaration of target.declarations ?? []) {
      if (declaration.getSourceFile() === file && !names.has(declaration)) names.set(declaration, exported.getName());
    }
  }
  return names;
}

function requireExported(exportName: string | undefined, name: string, where: string, what: string): string {
  if (exportName !== undefined) return exportName;
  throw new CodegenError(
    "E_ANNOTATION_INVALID",
    `${where}: the ${what} ${name} is tagged but not exported, so the generated server cannot import it. Add \`export\` to it.`,
  );
}

function bindingOf(file: ts.SourceFile, exportName: string): AnnotatedDeclaration["binding"] {
  return { module: file.fileName, exportName };
}

function location(file: ts.SourceFile, node: ts.Node, cwd: string): Pick<AnnotatedDeclaration, "origin" | "where"> {
  // The name, not the `export` keyword or the JSDoc: where an editor should put the cursor.
  const name = (node as ts.Node & { name?: ts.Node }).name;
  const { line, column } = lineAndColumn(file.text, (name ?? node).getStart(file));
  const path = relative(cwd, file.fileName).split(sep).join("/");
  return { origin: { file: path, pointer: `${line}:${column}` }, where: `${path}:${line}:${column}` };
}

/** 1-based; lines end at "\n" only, columns count UTF-16 units from the last "\n" or "\r". */
function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  for (let index = text.indexOf("\n"); index !== -1 && index < position; index = text.indexOf("\n", index + 1)) {
    line += 1;
  }
  let lineStart = position;
  while (lineStart > 0 && text[lineStart - 1] !== "\n" && text[lineStart - 1] !== "\r") lineStart -= 1;
  return { line, column: position - lineStart + 1 };
}
