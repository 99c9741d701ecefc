/**
 * node-sql-parser's MySQL and MariaDB grammars, bundled into the runtime (scripts/bundle.mjs) rather than
 * installed: the package ships every dialect's grammar (about 90 MB), and mcpsmith reads only these two (about
 * 270 kB each). Each loads as a chunk of its own on first use, so a server that never reads MySQL never loads it,
 * and a bundler that follows it (a Worker's) finds plain JavaScript. node-sql-parser is Apache-2.0: its licence
 * ships beside the chunks (dist/node-sql-parser.LICENSE); big-integer, which they require, is bundled with them
 * (public domain, The Unlicense).
 */

/** The AST of a statement, as much of it as mcpsmith reads (the DDL reader narrows it further). */
export interface SqlAst {
  type?: string;
  [key: string]: unknown;
}

export interface SqlParser {
  /** `options.database` names the grammar's own dialect (`MySQL`, `MariaDB`): the bundled grammar knows only its own. */
  astify(sql: string, options?: { database?: string }): SqlAst | SqlAst[];
}

export type SqlGrammar = "mysql" | "mariadb";

const parsers = new Map<SqlGrammar, Promise<SqlParser>>();

/** One parser per grammar, made on first use. */
export function sqlParser(grammar: SqlGrammar): Promise<SqlParser> {
  let parser = parsers.get(grammar);
  if (!parser) {
    parser = loadGrammar(grammar).then((module) => {
      const { Parser } = "Parser" in module ? module : (module as { default: GrammarModule }).default;
      return new Parser() as SqlParser;
    });
    parsers.set(grammar, parser);
  }
  return parser;
}

interface GrammarModule {
  Parser: new () => unknown;
}

function loadGrammar(grammar: SqlGrammar): Promise<GrammarModule> {
  return grammar === "mysql"
    ? (import("node-sql-parser/build/mysql.js") as Promise<GrammarModule>)
    : (import("node-sql-parser/build/mariadb.js") as Promise<GrammarModule>);
}
