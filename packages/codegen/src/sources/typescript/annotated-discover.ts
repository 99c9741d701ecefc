import { relative, sep } from "node:path";
import {
  type ArrowFunction,
  type ClassDeclaration,
  type FunctionDeclaration,
  type FunctionExpression,
  type JSDoc,
  type MethodDeclaration,
  Node,
  type SourceFile,
} from "ts-morph";
import { CodegenError } from "../../errors.js";
import type { Origin } from "../../ir/types.js";
import type { TypeScriptBinding } from "../../ir/typescript.js";
import { type Annotation, readAnnotation } from "./annotated-tags.js";

/** A function-like node whose parameters and return type make the schemas. */
export type Callable = FunctionDeclaration | ArrowFunction | FunctionExpression | MethodDeclaration;

/** One tagged declaration, found and checked, not yet given a schema or a final name. */
export interface AnnotatedDeclaration {
  annotation: Annotation;
  callable: Callable;
  docs: JSDoc[];
  /** The function's or method's own name: the default tool or prompt name. */
  declaredName: string;
  binding: Pick<TypeScriptBinding, "module" | "exportName" | "method">;
  origin: Origin;
  /** `file:line:column`, for messages. */
  where: string;
}

/**
 * Finds, in each input module, the exported functions, exported `const` function expressions and public
 * methods of exported classes that carry `@tool`, `@resource` or `@prompt`. A tag on something that cannot be
 * imported and called (not exported, private, a class with required constructor arguments) is an error naming
 * its location, never a silent skip.
 */
export function discoverAnnotated(files: readonly SourceFile[], cwd: string): AnnotatedDeclaration[] {
  return files.flatMap((file) => discoverInFile(file, cwd));
}

function discoverInFile(file: SourceFile, cwd: string): AnnotatedDeclaration[] {
  const exportNames = exportNamesOf(file);
  const found: AnnotatedDeclaration[] = [];
  const locate = (node: Node) => location(file, node, cwd);

  for (const fn of file.getFunctions()) {
    const docs = fn.getJsDocs();
    const annotation = readAnnotation(docs, locate(fn).where);
    if (!annotation) continue;
    const exportName = requireExported(exportNames.get(fn), fn.getName() ?? "default", locate(fn).where, "function");
    const declaredName = fn.getName() ?? exportName;
    found.push({ annotation, callable: fn, docs, declaredName, binding: bindingOf(file, exportName), ...locate(fn) });
  }

  for (const statement of file.getVariableStatements()) {
    const docs = statement.getJsDocs();
    const annotation = readAnnotation(docs, locate(statement).where);
    if (!annotation) continue;
    for (const declaration of statement.getDeclarations()) {
      const initializer = declaration.getInitializer();
      const where = locate(declaration).where;
      if (!initializer || !(Node.isArrowFunction(initializer) || Node.isFunctionExpression(initializer))) {
        throw new CodegenError(
          "E_ANNOTATION_INVALID",
          `${where}: @${annotation.kind} is on "${declaration.getName()}", which is not a function. Tag a function, an arrow function constant or a class method.`,
        );
      }
      const exportName = requireExported(exportNames.get(declaration), declaration.getName(), where, "constant");
      found.push({
        annotation,
        callable: initializer,
        docs,
        declaredName: declaration.getName(),
        binding: bindingOf(file, exportName),
        ...locate(declaration),
      });
    }
  }

  for (const cls of file.getClasses()) found.push(...discoverInClass(file, cls, exportNames, locate));
  // Source order, whatever the kind of declaration: the order a reader of the module sees.
  return found.sort((a, b) => a.callable.getStart() - b.callable.getStart());
}

function discoverInClass(
  file: SourceFile,
  cls: ClassDeclaration,
  exportNames: Map<Node, string>,
  locate: (node: Node) => Pick<AnnotatedDeclaration, "origin" | "where">,
): AnnotatedDeclaration[] {
  const className = cls.getName() ?? "default";
  if (readAnnotation(cls.getJsDocs(), locate(cls).where)) {
    throw new CodegenError(
      "E_ANNOTATION_INVALID",
      `${locate(cls).where}: tags go on methods, not on the class ${className}. Move the tag to each public method to expose.`,
    );
  }
  const found: AnnotatedDeclaration[] = [];
  for (const method of cls.getMethods()) {
    const docs = method.getJsDocs();
    const { where, origin } = locate(method);
    const annotation = readAnnotation(docs, where);
    if (!annotation) continue;
    const exportName = requireExported(exportNames.get(cls), className, where, "class");
    const name = method.getName();
    if (method.hasModifier("private") || method.hasModifier("protected") || name.startsWith("#")) {
      throw new CodegenError(
        "E_ANNOTATION_INVALID",
        `${where}: ${className}.${name} is not public, so the generated server cannot call it. Make it public or drop the tag.`,
      );
    }
    const isStatic = method.isStatic();
    if (!isStatic) requireNoArgumentConstructor(cls, className, where);
    found.push({
      annotation,
      callable: method,
      docs,
      declaredName: name,
      binding: { ...bindingOf(file, exportName), method: { name, static: isStatic } },
      where,
      origin,
    });
  }
  return found;
}

/** The generated server makes one instance with `new Class()`, so the constructor must need no arguments. */
function requireNoArgumentConstructor(cls: ClassDeclaration, className: string, where: string): void {
  if (cls.isAbstract()) {
    throw new CodegenError(
      "E_ANNOTATION_INVALID",
      `${where}: ${className} is abstract, so the generated server cannot make an instance. Tag the methods of a concrete class, or make the method static.`,
    );
  }
  const needsArguments = cls
    .getConstructors()
    .some((ctor) => ctor.getParameters().some((parameter) => !parameter.isOptional() && !parameter.hasInitializer()));
  if (needsArguments) {
    throw new CodegenError(
      "E_ANNOTATION_INVALID",
      `${where}: ${className}'s constructor takes required arguments, and the generated server makes its instance with \`new ${className}()\`. Give the arguments defaults, make the method static, or export a function that calls it.`,
    );
  }
}

/** Each exported declaration of a module, by the name it is exported under (`export { a as b }` gives `b`). */
function exportNamesOf(file: SourceFile): Map<Node, string> {
  const names = new Map<Node, string>();
  for (const [name, declarations] of file.getExportedDeclarations()) {
    for (const declaration of declarations) {
      if (declaration.getSourceFile() === file && !names.has(declaration)) names.set(declaration, name);
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

function bindingOf(file: SourceFile, exportName: string): AnnotatedDeclaration["binding"] {
  return { module: file.getFilePath(), exportName };
}

function location(file: SourceFile, node: Node, cwd: string): Pick<AnnotatedDeclaration, "origin" | "where"> {
  // The name, not the `export` keyword or the JSDoc: where an editor should put the cursor.
  const start = Node.hasName(node) ? node.getNameNode().getStart() : node.getStart();
  const { line, column } = file.getLineAndColumnAtPos(start);
  const path = relative(cwd, file.getFilePath()).split(sep).join("/");
  return { origin: { file: path, pointer: `${line}:${column}` }, where: `${path}:${line}:${column}` };
}
