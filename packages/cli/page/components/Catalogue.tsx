import type { Catalogue as CatalogueData } from "../../src/devpage/model.ts";
import { thousands } from "../format.ts";

interface Props {
  catalogue: CatalogueData | undefined;
  selected: string | undefined;
  onSelect(name: string): void;
}

export function Catalogue({ catalogue, selected, onSelect }: Props) {
  if (!catalogue) return <p class="muted">No tools/list yet.</p>;
  const { tools, totalTokens, tokenWarning, toolLimits, findings } = catalogue;
  const share = Math.min(100, (totalTokens / tokenWarning) * 100);
  return (
    <>
      <h2>Tools</h2>
      <p class="cost">
        {tools.length} tools · tools/list ≈ <strong>{thousands(totalTokens)}</strong> tokens
      </p>
      <div class={`meter ${totalTokens > tokenWarning ? "over" : ""}`} title={`of ${thousands(tokenWarning)} tokens`}>
        <div style={{ width: `${share}%` }} />
      </div>
      <ul class="limits" aria-label="client limits">
        {toolLimits.map(({ host, tools: limit }) => (
          <li key={host} class={tools.length > limit ? "over" : "ok"}>
            {host} takes {limit}: {tools.length > limit ? "over" : "ok"}
          </li>
        ))}
        <li class={totalTokens > tokenWarning ? "over" : "ok"}>
          {thousands(tokenWarning)} tokens: {totalTokens > tokenWarning ? "over" : "ok"}
        </li>
      </ul>
      {findings.length > 0 && (
        <details class="findings">
          <summary>{findings.length} doctor findings</summary>
          <ul>
            {findings.map((finding, index) => (
              <li key={index} class={finding.severity}>
                {finding.message} <span class="muted">{finding.fix}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <ul class="tools" aria-label="tools">
        {tools.map((tool) => (
          <li key={tool.name}>
            <button type="button" class={tool.name === selected ? "selected" : ""} onClick={() => onSelect(tool.name)}>
              <span class="name">{tool.name}</span>
              <span class="tokens">{thousands(tool.tokens)} tok</span>
              {tool.description && <span class="description">{tool.description}</span>}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
