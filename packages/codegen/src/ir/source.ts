/**
 * A source turns one kind of input (an OpenAPI file, a database, annotated TypeScript) into the IR. Every
 * difference of spec version or dialect ends inside its source; back ends only see the IR.
 */
export interface Source<Options, IR> {
  /** The kind named on the command line (`mcpsmith generate <name> ...`). */
  readonly name: string;
  load(input: string, options?: Options): Promise<IR>;
}
