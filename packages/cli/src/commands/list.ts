import type { CommandDefinition } from "../args/command.js";
import { booleanOption } from "../args/parse.js";
import { CONNECTION_OPTIONS, singleTarget, withConnection } from "../client/connection-options.js";
import { fetchListing } from "../client/listing.js";
import { formatListing } from "../format/listing.js";
import { styleFor } from "../format/style.js";

export const command: CommandDefinition = {
  usage: ["list [target] [options]", "list [options] -- <command> [args...]"],
  details: [
    "Connects as a real MCP client (the official SDK, protocol era negotiated like current hosts do) and prints",
    "what the server offers, with each tool's input schema and an estimate of what its tools/list costs a model.",
    "The target is `-- command args` (stdio), `--url URL` (HTTP), a built .js entry, or a project folder.",
  ].join("\n"),
  options: {
    ...CONNECTION_OPTIONS,
    json: { type: "boolean", description: "Print the full listing as JSON" },
  },
  examples: [
    "mcpsmith list -- node dist/main.js",
    "mcpsmith list --url http://127.0.0.1:3000/mcp --era legacy",
    "mcpsmith list dist/main.js --json",
    '# in a project folder (package.json "main" names the server)',
    "mcpsmith list",
  ],
  async run(args, io) {
    const target = await singleTarget(args, io, "list");
    const listing = await withConnection(args, io, "list", target, (connection, { timeoutMs, say }) => {
      say(`Listing what ${target.label} offers`);
      return fetchListing(connection, timeoutMs);
    });
    io.stdout.write(
      booleanOption(args, "json", false)
        ? `${JSON.stringify(listing, null, 2)}\n`
        : formatListing(listing, styleFor(io.stdout, io.env)),
    );
    return 0;
  },
};
