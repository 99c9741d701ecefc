/**
 * Where a tool's arguments hold `Date`s. JSON carries a date as its ISO 8601 text (the schema says `format:
 * date-time`, and the arguments are checked against it), so a handler typed `(args: { due: Date })` would be given a
 * string: the plan names the places whose text becomes a `Date` before the handler runs. `mcpsmith build` and
 * `mcpsmith generate ts` write it from the parameter's type; nothing else needs one.
 */
export interface DatePlan {
  /** This value: its text becomes a `Date`. */
  readonly date?: true;
  /** The named properties of an object. */
  readonly properties?: { readonly [name: string]: DatePlan };
  /** Every other property of an object (`Record<string, Date>`, an index signature). */
  readonly values?: DatePlan;
  /** A tuple's items, by place (`null`: no date there). */
  readonly prefixItems?: readonly (DatePlan | null)[];
  /** Every item of an array (past `prefixItems`). */
  readonly items?: DatePlan;
}

/** `value` with the texts the plan names made `Date`s; objects and arrays on the way are copied, never changed. */
export function reviveDates(value: unknown, plan: DatePlan): unknown {
  if (typeof value === "string") return plan.date ? new Date(value) : value;
  if (Array.isArray(value)) {
    const { prefixItems = [], items } = plan;
    if (prefixItems.length === 0 && items === undefined) return value;
    return value.map((item, index) => {
      const at = index < prefixItems.length ? prefixItems[index] : items;
      return at ? reviveDates(item, at) : item;
    });
  }
  if (typeof value !== "object" || value === null) return value;
  const { properties, values } = plan;
  if (properties === undefined && values === undefined) return value;
  const revived: Record<string, unknown> = { ...value };
  for (const key of Object.keys(revived)) {
    const at = properties !== undefined && Object.hasOwn(properties, key) ? properties[key] : values;
    if (at !== undefined) revived[key] = reviveDates(revived[key], at);
  }
  return revived;
}
