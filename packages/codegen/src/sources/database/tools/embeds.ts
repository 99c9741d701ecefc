/**
 * One level of foreign-key embedding for `get_`: the row each foreign key of the table points to, under the
 * referenced table's name, so a model reading an album sees its artist without a join. Rows pointing here (`many`)
 * are left to `list_` with a filter: they can be thousands.
 */
import type { SqlEmbed, SqlTable } from "@mcpsmith/runtime/sql";

export function embedsOf(table: SqlTable): SqlEmbed[] {
  const taken = new Set(table.columns.map((column) => column.name.toLowerCase()));
  const embeds: SqlEmbed[] = [];
  for (const key of table.foreignKeys) {
    const property = [key.references.name, `${key.columns.join("_")}_${key.references.name}`].find(
      (candidate) => !taken.has(candidate.toLowerCase()),
    );
    // Both names taken (a column named like the table and like the key): the key's value is there, no embedding.
    if (property === undefined) continue;
    taken.add(property.toLowerCase());
    embeds.push({
      property,
      cardinality: "one",
      table: key.references,
      on: key.columns.map((column, index) => ({ column, otherColumn: key.referencedColumns[index]! })),
    });
  }
  return embeds;
}
