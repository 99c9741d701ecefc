/**
 * Whether a decorated method carries a doc comment (`/** ... *\/`) in the module that declares it, which `mcpsmith
 * build` would turn into its description. Read from the module's file, named by the decorator's call site: the
 * function's own source (`Function.prototype.toString`) never includes the comment above it, and loaders that
 * transform TypeScript on the fly (vitest, tsx) drop comments from what they run, while the file keeps them (so
 * does `tsc`'s output). Asked only for tools that have no description, once per module file.
 */

const texts = new Map<string, string | undefined>();

export function hasDocComment(module: string, className: string, method: string): boolean {
  const text = moduleText(module);
  if (text === undefined) return false;
  // Every class of that name (a module may declare two, in separate scopes): its body, from `{` to its match.
  const declaration = new RegExp(`\\bclass\\s+${className.replace(/\$/g, "\\$")}\\b[^{]*`, "g");
  for (const found of text.matchAll(declaration)) {
    const open = found.index + found[0].length;
    const body = text.slice(open, skipBalanced(text, open));
    for (const comment of body.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
      if (declaredName(body, comment.index + comment[0].length) === method) return true;
    }
  }
  return false;
}

/** The name of the member declared at `at`, past its decorators and modifiers (undefined when none is). */
function declaredName(text: string, at: number): string | undefined {
  let i = skipSpace(text, at);
  while (text[i] === "@") {
    i = skipSpace(text, skipBalanced(text, (/^@[\w$.]+/.exec(text.slice(i))?.[0].length ?? 1) + i));
  }
  const member = /^(?:(?:public|protected|override|async|static|readonly)\s+)*\*?\s*([\w$]+)\s*[(<]/.exec(
    text.slice(i),
  );
  return member?.[1];
}

function skipSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

/**
 * Past the bracketed text opening at `at`, or `at` when none opens there. Strings and comments are stepped over
 * whole, so that a bracket or an apostrophe in them does not count.
 */
function skipBalanced(text: string, at: number): number {
  if (!"([{".includes(text[at] ?? "-")) return at;
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const char = text[i]!;
    if (char === "/" && text[i + 1] === "/") i = endOf(text, "\n", i + 2);
    else if (char === "/" && text[i + 1] === "*") i = endOf(text, "*/", i + 2) + 1;
    else if (char === '"' || char === "'" || char === "`") {
      i++;
      while (i < text.length && text[i] !== char) i += text[i] === "\\" ? 2 : 1;
    } else if ("([{".includes(char)) depth++;
    else if (")]}".includes(char) && --depth === 0) return i + 1;
  }
  return text.length;
}

/** The index where `end` starts after `from` (the end of the text when it never does). */
function endOf(text: string, end: string, from: number): number {
  const found = text.indexOf(end, from);
  return found === -1 ? text.length : found;
}

function moduleText(module: string): string | undefined {
  if (!texts.has(module)) {
    const fs = globalThis.process?.getBuiltinModule?.("node:fs") as typeof import("node:fs") | undefined;
    let text: string | undefined;
    try {
      text = fs?.readFileSync(module, "utf8");
    } catch {
      text = undefined; // gone or unreadable: nothing to say about its comments
    }
    texts.set(module, text);
  }
  return texts.get(module);
}
