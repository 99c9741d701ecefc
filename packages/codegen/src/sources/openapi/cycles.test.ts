/** Real reference cycles stay cycles: `$ref`s into the tool's own `$defs`, never flattened to `{type: object}`. */
import { corpusFile } from "@mcpsmith/corpus";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../ir/types.js";
import { loadOpenApi } from "./source.js";

/** The `$defs` names that reach themselves through `#/$defs/...` refs. */
function cyclicDefs(defs: Record<string, JsonSchema>): string[] {
  const edges = new Map(
    Object.entries(defs).map(([name, schema]) => [
      name,
      [...JSON.stringify(schema).matchAll(/"#\/\$defs\/([^"]+)"/g)].map((match) => decodeURIComponent(match[1]!)),
    ]),
  );
  const reaches = (from: string, target: string, seen: Set<string>): boolean =>
    (edges.get(from) ?? []).some(
      (next) => next === target || (!seen.has(next) && seen.add(next) && reaches(next, target, seen)),
    );
  return [...edges.keys()].filter((name) => reaches(name, name, new Set())).sort();
}

describe("reference cycles of real specs", () => {
  it("Kubernetes: JSONSchemaProps refers to itself inside the CRD tools' $defs", async () => {
    const ir = await loadOpenApi(corpusFile("openapi/kubernetes-1.13-swagger2.json"), {
      include: { operationIds: ["createApiextensionsV1beta1CustomResourceDefinition"] },
    });
    const props = "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1beta1.JSONSchemaProps";
    const defs = ir.tools[0]!.inputSchema.$defs!;
    expect(cyclicDefs(defs)).toContain(props);
    expect((defs[props] as { properties: Record<string, unknown> }).properties.not).toEqual({
      $ref: `#/$defs/${props}`,
    });
  });

  it("datadog: the widget and logs-processor cycles", async () => {
    const ir = await loadOpenApi(corpusFile("openapi/datadog-v1-oas30.yaml"), {
      include: { operationIds: ["CreateDashboard", "CreateLogsPipeline"] },
    });
    const [dashboard, pipeline] = ir.tools;
    expect(cyclicDefs(dashboard!.inputSchema.$defs!)).toEqual(["GroupWidgetDefinition", "Widget", "WidgetDefinition"]);
    expect(cyclicDefs(pipeline!.inputSchema.$defs!)).toEqual(["LogsPipelineProcessor", "LogsProcessor"]);
  });
});
