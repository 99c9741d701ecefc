import { describe, expect, it } from "vitest";
import { argumentDatesOf } from "./describe-callable.js";
import { createSchemaContext } from "./schema-context.js";
import { testProject } from "./test-project.test-support.js";
import { formatProblem } from "./type-schema-error.js";

const SOURCE = `
interface Stop { at: Date; note?: string }
type Event = { kind: "one"; when: Date } | { kind: "many"; stops: Stop[] };
interface Tree { name: string; planted: Date; children?: Tree[] }
interface Named { name: string; children?: Named[] }

export function none(args: { text: string; count: number; tree: Named }) {}
export function flat(args: { due?: Date | null; names: string[] }) {}
export function nested(args: { stops: readonly Stop[]; byDay: Record<string, Date>; pair: [string, Date, ...Date[]] }) {}
export function union(args: { event: Event; loose: string | Date; both: { a: Date } & { b: Date } }) {}
export function recursive(args: { tree: Tree }) {}
`;

describe("datePlanOf: where a tool's arguments hold Dates", () => {
  const project = testProject({ "/src/dates.ts": SOURCE });
  const file = project.getSourceFileOrThrow("/src/dates.ts");
  const checker = project.getTypeChecker().compilerObject;
  const planOf = (name: string) => {
    const context = createSchemaContext(checker);
    const parameter = file.getFunctionOrThrow(name).compilerNode.parameters[0];
    return { plan: argumentDatesOf(parameter, context), problems: context.problems.map((p) => formatProblem(p, "/")) };
  };

  it("has no plan when the type holds no Date, recursive types included", () => {
    expect(planOf("none")).toEqual({ plan: undefined, problems: [] });
  });

  it("names optional and nullable Dates, and nothing else", () => {
    expect(planOf("flat").plan).toEqual({ properties: { due: { date: true } } });
  });

  it("follows arrays, records, tuples by place and their rest", () => {
    expect(planOf("nested").plan).toEqual({
      properties: {
        stops: { items: { properties: { at: { date: true } } } },
        byDay: { values: { date: true } },
        pair: { prefixItems: [null, { date: true }], items: { date: true } },
      },
    });
  });

  it("merges union members and intersection parts, and leaves `string | Date` as the text it may be", () => {
    expect(planOf("union").plan).toEqual({
      properties: {
        event: { properties: { when: { date: true }, stops: { items: { properties: { at: { date: true } } } } } },
        both: { properties: { a: { date: true }, b: { date: true } } },
      },
    });
  });

  it("refuses a Date inside a recursive type, naming the place and what to write instead", () => {
    const { plan, problems } = planOf("recursive");
    expect(plan).toEqual(undefined);
    expect(problems).toEqual([
      expect.stringMatching(
        /^src\/dates\.ts:\d+:\d+: args\.tree holds a Date inside the recursive type Tree, .*`@format date-time`/,
      ),
    ]);
  });
});
