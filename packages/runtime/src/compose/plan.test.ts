import { describe, expect, it } from "vitest";
import { server } from "../index.js";
import type { ServerModel } from "../model/types.js";
import { type LiveSourcePlan, plannedSource, planTools } from "./plan.js";

/** A source with these tools, each answering its own name. */
function model(...tools: string[]): ServerModel {
  let builder = server({ name: "notes", version: "1.0.0" });
  for (const name of tools) builder = builder.tool(name, { description: `The ${name} tool` }, () => name);
  return builder.build();
}

const live: LiveSourcePlan = {
  key: "notes",
  prefix: "notes",
  transforms: { include: ["echo", "add", "extra"], rename: { extra: "bonus" }, bind: { add: { b: 10 } } },
};

describe("plannedSource", () => {
  it("plans a live source's transforms over the tools it has now, saying which wait for a tool", () => {
    const warnings: string[] = [];
    const source = plannedSource(live, model("echo", "add", "grow"), (warning) => warnings.push(warning));
    expect(source.tools).toEqual([
      { tool: "echo", name: "notes_echo" },
      { tool: "add", name: "notes_add", bind: { b: { value: 10 } }, where: "sources.notes.tools.bind.add" },
    ]);
    expect(warnings).toEqual([
      'sources.notes.tools.rename.extra: source "notes" has no tool "extra" now (its tools: echo, add, grow); it applies once the source has one',
      'sources.notes.tools.include[2]: "extra" matches no tool of source "notes" now (its tools: echo, add, grow); it applies once the source has one',
    ]);
  });

  it("serves a tool the source adds under the config's name, and leaves out one it dropped", () => {
    const source = plannedSource(live, model("echo", "extra"), () => {});
    expect(source.tools.map(({ tool, name }) => ({ tool, name }))).toEqual([
      { tool: "echo", name: "notes_echo" },
      { tool: "extra", name: "notes_bonus" },
    ]);
  });

  it("keeps a plan made already as it is", () => {
    const tools = [{ tool: "echo", name: "say" }];
    const given = model("echo", "add");
    expect(plannedSource({ key: "notes", prefix: "", tools }, given, () => {})).toEqual({
      key: "notes",
      prefix: "",
      tools,
      model: given,
    });
  });
});

describe("planTools", () => {
  it("counts a transform naming a missing tool as a problem of a source whose tools stay", () => {
    const { problems, warnings } = planTools({
      key: "notes",
      tools: ["echo"],
      prefix: "notes",
      transforms: live.transforms,
    });
    expect(warnings).toEqual([]);
    expect(problems.map(({ pointer }) => pointer)).toEqual([
      "sources.notes.tools.rename.extra",
      "sources.notes.tools.bind.add",
      "sources.notes.tools.include[1]",
      "sources.notes.tools.include[2]",
    ]);
  });
});
