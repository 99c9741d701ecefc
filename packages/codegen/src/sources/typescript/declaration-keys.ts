/**
 * Content keys of a project's top-level declarations, for `mcpsmith dev` to recognise a type of an edited module in
 * the next program: two declarations with the same key, in two programs over the same global scope, declare the
 * same type.
 *
 * A key is read from the syntax alone. It covers the text of every declaration of the name (JSDoc included, which
 * schemas read) and, through every name the text mentions, the declarations those names are bound to in the module:
 * its own top-level declarations and its imports, followed into the project modules they resolve to (an installed
 * package or declaration file is named by its resolved path: a change there reads every module again). A name bound
 * nowhere in the module is global, and the extractor starts over when the global scope may have changed. Mentions
 * are over-approximated (every word of the text, property names, comments and strings included): an extra one only
 * makes a key change more often. What the syntax cannot follow leaves the declaration without a key: import types
 * and `import()` or `require()` calls, namespace imports, `export *`, `export =` and `export default` of an
 * expression.
 */
import { createHash, type Hash } from "node:crypto";
import type { ts } from "ts-morph";
import { compiler } from "./compiler.js";
import { isInNodeModules } from "./types.js";

const { SyntaxKind } = compiler;

/** An import or re-export: the module it names and the name it takes from it (`*` for the whole module). */
interface Binding {
  specifier: ts.StringLiteralLike;
  name: string;
}

/** A module's export of a name: one of its own top-level names, a re-export, or something the syntax cannot follow. */
type Export = { local: string } | Binding | "opaque";

/**
 * A top-level statement as it was read: its text (JSDoc included) and, once asked for, the names it mentions that
 * its module binds (the others are global or not names at all, and lead nowhere).
 */
interface Declared {
  text: string;
  mentions?: readonly string[] | "opaque";
}

/**
 * What a module binds at its top level. Read once per version of the module's text, and kept as text: the
 * incremental parser moves the nodes of a version it parses a new one from.
 */
interface ModuleScope {
  declared: Map<string, Declared[]>;
  imported: Map<string, Binding>;
  exported: Map<string, Export>;
  exportsAll: boolean;
}

/** Thrown inside a key's walk when it reaches what the syntax cannot follow. */
class Opaque extends Error {}

const scopes = new WeakMap<ts.SourceFile, ModuleScope>();

export interface ImportResolver {
  resolveImport(specifier: ts.StringLiteralLike, file: ts.SourceFile): string | undefined;
}

/** A top-level declaration: the module and the name. */
export interface DeclarationName {
  file: ts.SourceFile;
  name: string;
}

/**
 * The keys of one program's declarations. Holds the program's files, not the program: keys of a replaced program
 * can still be asked for (see `read`) while its checker is collected.
 */
export class DeclarationKeys {
  readonly #files: ReadonlyMap<string, ts.SourceFile>;
  readonly #resolver: ImportResolver;
  readonly #byName = new Map<string, string | undefined>();
  /** Where each import leads in this program: every key of a module's declarations follows the same imports. */
  readonly #targets = new Map<ts.StringLiteralLike, string | undefined>();

  constructor(program: ts.Program, resolver: ImportResolver) {
    this.#files = new Map(program.getSourceFiles().map((file) => [file.fileName, file]));
    this.#resolver = resolver;
  }

  /**
   * Reads a module's top-level declarations now: before the program is replaced, for a file about to be parsed
   * again from this version (which moves its nodes), so its keys can be computed afterwards.
   */
  read(file: ts.SourceFile): void {
    scopeOf(file);
  }

  /**
   * The declaration of a symbol declared only by top-level statements of one project module, all of one name (so
   * not one merged with declarations elsewhere); undefined for any other symbol.
   */
  nameOf(symbol: ts.Symbol): DeclarationName | undefined {
    const declarations = symbol.declarations ?? [];
    const first = declarations[0];
    if (first === undefined || !compiler.isSourceFile(first.parent) || !this.#isProjectModule(first.parent)) {
      return undefined;
    }
    const file = first.parent;
    const name = declaredName(first);
    if (name === undefined) return undefined;
    if (declarations.some((declaration) => declaration.parent !== file || declaredName(declaration) !== name)) {
      return undefined;
    }
    return { file, name };
  }

  /** The key of a top-level declaration (`nameOf`); undefined when the syntax cannot follow it. */
  keyOf({ file, name }: DeclarationName): string | undefined {
    const id = `${file.fileName}\0${name}`;
    if (this.#byName.has(id)) return this.#byName.get(id);
    const key = this.#hashed(file, [], [new Set([name])]);
    this.#byName.set(id, key);
    return key;
  }

  /**
   * The key of what a class method's schemas are derived from, when that is its own text and what it mentions: a
   * method of a top-level class of a project module whose parameters and return type are all written out (an
   * inferred return type would depend on its body, and the body on the rest of the class), and which never names
   * `this`. The key covers the class's head (decorators, type parameters, heritage), the
   * method's text up to its body (doc comment, decorators, signature) and, as for a declaration, what they mention.
   */
  methodKeyOf(method: ts.MethodDeclaration): string | undefined {
    const owner = method.parent;
    if (!compiler.isClassDeclaration(owner) || !compiler.isSourceFile(owner.parent)) return undefined;
    const file = owner.parent;
    if (!this.#isProjectModule(file) || method.type === undefined) return undefined;
    if (method.parameters.some((parameter) => parameter.type === undefined)) return undefined;
    const head = file.text.slice(owner.pos, owner.members.pos);
    const signature = file.text.slice(method.pos, method.body?.pos ?? method.end);
    const headWords = wordsOf(head);
    const signatureWords = wordsOf(signature);
    if (headWords === "opaque" || signatureWords === "opaque") return undefined;
    // `this` means all the class's members: the method would depend on the others. By name, the class is followed
    // as any declaration is; the head's own mention of it is only its name.
    if (signatureWords.has("this")) return undefined;
    const headMentions = new Set([...headWords].filter((word) => word !== owner.name?.text));
    return this.#hashed(file, [head, signature], [headMentions, signatureWords]);
  }

  /** The hash of `texts` and of what the names `mentions` are bound to in `file`; undefined when opaque. */
  #hashed(file: ts.SourceFile, texts: readonly string[], mentions: readonly ReadonlySet<string>[]): string | undefined {
    const hash = createHash("sha1");
    feed(hash, file.fileName);
    for (const text of texts) feed(hash, text);
    const scope = scopeOf(file);
    const seen = new Set<string>();
    try {
      for (const names of mentions) {
        for (const name of names) {
          if (scope.declared.has(name) || scope.imported.has(name)) this.#walk(file, name, hash, seen);
        }
      }
    } catch (error) {
      if (error instanceof Opaque) return undefined;
      throw error;
    }
    return hash.digest("base64");
  }

  /** Feeds `hash` with what `name` is bound to in `file`, then with what that mentions (once each). */
  #walk(file: ts.SourceFile, name: string, hash: Hash, seen: Set<string>): void {
    const id = `${file.fileName}\0${name}`;
    if (seen.has(id)) return;
    seen.add(id);
    feed(hash, id);
    const scope = scopeOf(file);
    for (const declared of scope.declared.get(name) ?? []) {
      feed(hash, declared.text);
      declared.mentions ??= boundIn(scope, wordsOf(declared.text));
      const mentions = declared.mentions;
      if (mentions === "opaque") throw new Opaque();
      for (const mention of mentions) this.#walk(file, mention, hash, seen);
    }
    const imported = scope.imported.get(name);
    if (imported !== undefined) this.#follow(file, imported, hash, seen);
  }

  /** Feeds `hash` with where an import or re-export leads, and, within the project, with what it leads to. */
  #follow(from: ts.SourceFile, binding: Binding, hash: Hash, seen: Set<string>): void {
    const target = this.#targetOf(binding.specifier, from);
    feed(hash, `${binding.specifier.text}\0${binding.name}\0${target ?? "(unresolved)"}`);
    const file = target === undefined ? undefined : this.#files.get(target);
    if (file === undefined || !this.#isProjectModule(file)) return;
    if (binding.name === "*") throw new Opaque();
    const scope = scopeOf(file);
    const exported = scope.exported.get(binding.name);
    if (exported === "opaque" || (exported === undefined && scope.exportsAll)) throw new Opaque();
    if (exported === undefined) feed(hash, "(not exported)");
    else if ("local" in exported) this.#walk(file, exported.local, hash, seen);
    else this.#follow(file, exported, hash, seen);
  }

  #targetOf(specifier: ts.StringLiteralLike, from: ts.SourceFile): string | undefined {
    if (this.#targets.has(specifier)) return this.#targets.get(specifier);
    const target = this.#resolver.resolveImport(specifier, from);
    this.#targets.set(specifier, target);
    return target;
  }

  #isProjectModule(file: ts.SourceFile): boolean {
    return !file.isDeclarationFile && !isInNodeModules(file) && this.#files.get(file.fileName) === file;
  }
}

/** The words a module binds, of those a text mentions. */
function boundIn(scope: ModuleScope, words: ReadonlySet<string> | "opaque"): readonly string[] | "opaque" {
  if (words === "opaque") return words;
  return [...words].filter((word) => scope.declared.has(word) || scope.imported.has(word));
}

/** Length-prefixed, so no two sequences of parts feed the same bytes. */
function feed(hash: Hash, part: string): void {
  hash.update(`${part.length}:`).update(part);
}

/** The name a top-level declaration binds, when it binds exactly one. */
function declaredName(declaration: ts.Declaration): string | undefined {
  const name = (declaration as ts.NamedDeclaration).name;
  return name !== undefined && compiler.isIdentifier(name) ? name.text : undefined;
}

function scopeOf(file: ts.SourceFile): ModuleScope {
  const known = scopes.get(file);
  if (known !== undefined) return known;
  const scope: ModuleScope = { declared: new Map(), imported: new Map(), exported: new Map(), exportsAll: false };
  for (const statement of file.statements) readStatement(statement, file, scope);
  scopes.set(file, scope);
  return scope;
}

function readStatement(statement: ts.Statement, file: ts.SourceFile, scope: ModuleScope): void {
  if (compiler.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    const specifier = statement.moduleSpecifier as ts.StringLiteralLike;
    if (clause === undefined) return;
    if (clause.name !== undefined) scope.imported.set(clause.name.text, { specifier, name: "default" });
    const bindings = clause.namedBindings;
    if (bindings !== undefined && compiler.isNamespaceImport(bindings)) {
      scope.imported.set(bindings.name.text, { specifier, name: "*" });
    } else if (bindings !== undefined) {
      for (const element of bindings.elements) {
        scope.imported.set(element.name.text, { specifier, name: (element.propertyName ?? element.name).text });
      }
    }
    return;
  }
  if (compiler.isExportDeclaration(statement)) {
    const specifier = statement.moduleSpecifier as ts.StringLiteralLike | undefined;
    const clause = statement.exportClause;
    if (clause === undefined) {
      scope.exportsAll = true;
    } else if (compiler.isNamespaceExport(clause)) {
      scope.exported.set(clause.name.text, "opaque");
    } else {
      for (const element of clause.elements) {
        const local = (element.propertyName ?? element.name).text;
        scope.exported.set(element.name.text, specifier === undefined ? { local } : { specifier, name: local });
      }
    }
    return;
  }
  if (compiler.isExportAssignment(statement)) {
    scope.exported.set("default", "opaque");
    return;
  }
  if (compiler.isImportEqualsDeclaration(statement) && compiler.isExternalModuleReference(statement.moduleReference)) {
    scope.imported.set(statement.name.text, {
      specifier: statement.moduleReference.expression as ts.StringLiteralLike,
      name: "*",
    });
    return;
  }
  const names = boundNames(statement);
  const declared: Declared = { text: file.text.slice(statement.pos, statement.end) };
  for (const name of new Set(names)) {
    const statements = scope.declared.get(name);
    if (statements === undefined) scope.declared.set(name, [declared]);
    else statements.push(declared);
  }
  const modifiers = compiler.canHaveModifiers(statement) ? (compiler.getModifiers(statement) ?? []) : [];
  if (!modifiers.some((modifier) => modifier.kind === SyntaxKind.ExportKeyword)) return;
  const isDefault = modifiers.some((modifier) => modifier.kind === SyntaxKind.DefaultKeyword);
  for (const name of names) scope.exported.set(isDefault ? "default" : name, { local: name });
}

/** The names a top-level statement declares (every name of a destructuring `const`). */
function boundNames(statement: ts.Statement): string[] {
  if (compiler.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((declaration) => namesIn(declaration.name));
  }
  const name = (statement as ts.Statement & { name?: ts.Node }).name;
  return name !== undefined && compiler.isIdentifier(name) ? [name.text] : [];
}

function namesIn(name: ts.BindingName): string[] {
  if (compiler.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (compiler.isBindingElement(element) ? namesIn(element.name) : []));
}

/**
 * Every word of a text that could be an identifier (comments and strings included, which only adds mentions), or
 * "opaque" when it may reach another module without naming an import (`import(`, `require(`) or spells an
 * identifier with an escape (`\u0041`), which no word would match.
 */
function wordsOf(text: string): ReadonlySet<string> | "opaque" {
  return MODULE_REACH.test(text) ? "opaque" : new Set(text.match(WORD));
}

const WORD = /[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*/gu;
const MODULE_REACH = /\b(import|require)\s*\(|\\u/;
