import { loadDatabase } from "/work/wt/dbsource/packages/codegen/dist/sources/database/index.js";
import { corpusFile } from "@mcpsmith/corpus";
const [file, dialect] = process.argv.slice(2);
const path = file.includes("://") || file.startsWith("sqlite:") ? file : corpusFile(`sql/${file}`);
const t0 = performance.now();
try {
  const r = await loadDatabase(path, { dialect });
  console.log(file, Math.round(performance.now() - t0), "ms", r.database.name, r.database.tables.length, "tables");
  for (const w of r.warnings) console.log("  W", w.pointer, w.message.slice(0, 160));
  if (process.env.SHOW) console.log(JSON.stringify(r.database.tables.find(t=>t.name===process.env.SHOW), null, 1));
} catch (e) { console.log(file, "ERROR", e.code, e.message.slice(0, 400)); }
