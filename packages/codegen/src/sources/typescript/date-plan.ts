/**
 * Where a tool's argument type holds `Date`s, as the runtime's `DatePlan`: JSON carries a date as text, which the
 * runtime makes a `Date` at those places before calling the function, so that `(args: { due: Date })` gets one.
 * The walk follows what the schema converter (schema-of-type.ts) turns into the arguments' schema: properties, index
 * signatures, arrays, tuples, unions and intersections.
 */
import type { DatePlan } from "@mcpsmith/runtime";
import type { ts } from "ts-morph";
import { compiler } from "./compiler.js";
import type { SchemaContext } from "./schema-context.js";
import { isLibrary } from "./schema-of-type.js";
import { problemAt } from "./type-schema-error.js";
import { has, isArray, isReadonlyArray, isTuple, typeText } from "./types.js";

const { ElementFlags, TypeFlags } = compiler;

/** As deep as the schema converter goes: past it, a type expands forever and the converter said so. */
const MAX_DEPTH = 64;

/** The plan for an arguments parameter, when its type holds a `Date` anywhere. */
export function datePlanOf(type: ts.Type, at: ts.Node, context: SchemaContext, path: string): DatePlan | undefined {
  return new DateWalk(context, at).plan(type, path, 0);
}

class DateWalk {
  /** Object types on the way down, by id: met again, the type is recursive. */
  readonly #open = new Set<ts.Type>();
  /** Those of them met again on their own way down. */
  readonly #recursive = new Set<ts.Type>();

  constructor(
    readonly context: SchemaContext,
    readonly at: ts.Node,
  ) {}

  plan(type: ts.Type, path: string, depth: number): DatePlan | undefined {
    if (depth > MAX_DEPTH) return undefined;
    if (isDate(type)) return { date: true };
    if (type.isUnion()) return this.#union(type, path, depth);
    if (type.isIntersection()) return merged(type.types.map((member) => this.plan(member, path, depth + 1)));
    const { checker } = this.context;
    if (isArray(type, checker) || isReadonlyArray(type, checker)) {
      const element = checker.getTypeArguments(type as ts.TypeReference)[0];
      const items = element && this.plan(element, `${path}[]`, depth + 1);
      return items && { items };
    }
    if (isTuple(type)) return this.#tuple(type as ts.TypeReference, path, depth);
    if (!has(type, TypeFlags.Object)) return undefined;
    return this.#object(type, path, depth);
  }

  /**
   * A union's members, merged. With a string among them (`string | Date`) the function takes text as it is: the
   * value is left a string there, since nothing tells a date's text from any other.
   */
  #union(type: ts.UnionType, path: string, depth: number): DatePlan | undefined {
    const plan = merged(type.types.map((member) => this.plan(member, path, depth + 1)));
    if (!plan?.date || !type.types.some((member) => (member.flags & TypeFlags.StringLike) !== 0)) return plan;
    const { date: _date, ...rest } = plan;
    return Object.keys(rest).length > 0 ? rest : undefined;
  }

  #tuple(type: ts.TypeReference, path: string, depth: number): DatePlan | undefined {
    const elements = this.context.checker.getTypeArguments(type);
    const flags = (type as ts.TupleTypeReference).target.elementFlags;
    const prefixItems: (DatePlan | null)[] = [];
    let items: DatePlan | undefined;
    elements.forEach((element, index) => {
      const plan = this.plan(element, `${path}[${index}]`, depth + 1);
      if ((flags[index] ?? ElementFlags.Required) & ElementFlags.Variable) items = plan;
      else prefixItems.push(plan ?? null);
    });
    if (items === undefined && prefixItems.every((plan) => plan === null)) return undefined;
    return { ...(prefixItems.some((plan) => plan !== null) && { prefixItems }), ...(items && { items }) };
  }

  #object(type: ts.Type, path: string, depth: number): DatePlan | undefined {
    if (this.#open.has(type)) {
      this.#recursive.add(type);
      return undefined;
    }
    this.#open.add(type);
    const { checker } = this.context;
    const properties: Record<string, DatePlan> = {};
    for (const property of type.getProperties()) {
      const name = property.getName();
      const plan = this.plan(checker.getTypeOfSymbolAtLocation(property, this.at), `${path}.${name}`, depth + 1);
      if (plan !== undefined) properties[name] = plan;
    }
    const index = type.getStringIndexType() ?? type.getNumberIndexType();
    const values = index && this.plan(index, `${path}[key]`, depth + 1);
    this.#open.delete(type);
    const found = Object.keys(properties).length > 0;
    if (!found && values === undefined) return undefined;
    if (this.#recursive.has(type)) {
      // The plan is a tree, written into the generated code and the build's JSON: it cannot follow a type into itself.
      this.context.problems.push(
        problemAt(
          this.at,
          path,
          `${path} holds a Date inside the recursive type ${typeText(type, checker)}, whose dates cannot all be found before a call. Type them \`string\` with \`@format date-time\` and make the Date in the function.`,
        ),
      );
      return undefined;
    }
    return { ...(found && { properties }), ...(values && { values }) };
  }
}

function isDate(type: ts.Type): boolean {
  const symbol = type.getSymbol();
  return symbol?.getName() === "Date" && isLibrary(symbol.declarations?.[0]);
}

/** The places where any of the plans has a date (a union's members, an intersection's parts). */
function merged(plans: (DatePlan | undefined)[]): DatePlan | undefined {
  return plans.reduce<DatePlan | undefined>(
    (sum, plan) => (sum && plan ? mergeTwo(sum, plan) : (sum ?? plan)),
    undefined,
  );
}

function mergeTwo(a: DatePlan, b: DatePlan): DatePlan {
  const properties = { ...a.properties };
  for (const [name, plan] of Object.entries(b.properties ?? {})) {
    const mine = properties[name];
    properties[name] = mine ? mergeTwo(mine, plan) : plan;
  }
  const length = Math.max(a.prefixItems?.length ?? 0, b.prefixItems?.length ?? 0);
  const prefixItems = Array.from({ length }, (_, index) => {
    const [left, right] = [a.prefixItems?.[index] ?? null, b.prefixItems?.[index] ?? null];
    return left && right ? mergeTwo(left, right) : (left ?? right);
  });
  const values = merged([a.values, b.values]);
  const items = merged([a.items, b.items]);
  return {
    ...((a.date || b.date) && { date: true }),
    ...(Object.keys(properties).length > 0 && { properties }),
    ...(values && { values }),
    ...(length > 0 && { prefixItems }),
    ...(items && { items }),
  };
}
