/** Questions about the compiler's types and files that its API leaves to the caller. */
import type { ts } from "ts-morph";
import { compiler } from "./compiler.js";

const { ObjectFlags, SyntaxKind, TypeFlags, TypeFormatFlags } = compiler;

/** Whether a type carries every bit of `flag` (`Boolean` is a union of the two literals, and says so). */
export function has(type: ts.Type, flag: ts.TypeFlags): boolean {
  return (type.flags & flag) === flag;
}

/** `T[]` or `readonly T[]`. */
export function isArray(type: ts.Type, checker: ts.TypeChecker): boolean {
  const name = type.getSymbol()?.getName();
  return (name === "Array" || name === "ReadonlyArray") && typeArgumentCount(type, checker) === 1;
}

export function isReadonlyArray(type: ts.Type, checker: ts.TypeChecker): boolean {
  return type.getSymbol()?.getName() === "ReadonlyArray" && typeArgumentCount(type, checker) === 1;
}

function typeArgumentCount(type: ts.Type, checker: ts.TypeChecker): number {
  return checker.getTypeArguments(type as ts.TypeReference).length;
}

/** A tuple (`[string, number?]`): a reference to a tuple target. */
export function isTuple(type: ts.Type): boolean {
  const target = (type as Partial<ts.TypeReference>).target;
  return target !== undefined && has(target, TypeFlags.Object) && (target.objectFlags & ObjectFlags.Tuple) !== 0;
}

/** A type as messages write it: in full, never truncated, `typeof f` for functions. */
export function typeText(type: ts.Type, checker: ts.TypeChecker, enclosing?: ts.Node): string {
  let flags =
    TypeFormatFlags.UseTypeOfFunction |
    TypeFormatFlags.NoTruncation |
    TypeFormatFlags.UseFullyQualifiedType |
    TypeFormatFlags.WriteTypeArgumentsOfSignature;
  if (enclosing?.kind === SyntaxKind.TypeAliasDeclaration) flags |= TypeFormatFlags.InTypeAlias;
  return checker.typeToString(type, enclosing, flags);
}

/** A file of an installed package. */
export function isInNodeModules(file: ts.SourceFile): boolean {
  return file.fileName.includes("/node_modules/");
}
