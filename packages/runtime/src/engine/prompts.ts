import type { GetPromptResult, InputRequiredResult } from "@modelcontextprotocol/server";
import type { Context } from "../model/context.js";
import { toPromptResult } from "../results/prompt-result.js";
import { describeIssues } from "../schema/compile.js";
import { protocolError } from "../wire-errors.js";
import type { CompiledModel } from "./compiled.js";
import { runHandler } from "./input-requests.js";

/** `prompts/get`. Unlike tools, bad prompt arguments are a protocol error (INVALID_PARAMS): no isError here. */
export async function getPrompt(
  compiled: CompiledModel,
  name: string,
  args: Record<string, string> | undefined,
  ctx: Context,
): Promise<GetPromptResult | InputRequiredResult> {
  const prompt = compiled.prompts.get(name);
  if (!prompt) throw protocolError("INVALID_PARAMS", `Unknown prompt: ${name}`);
  let value: unknown = args ?? {};
  if (prompt.args) {
    const checked = await prompt.args.validate(value);
    if (!checked.ok) {
      throw protocolError(
        "INVALID_PARAMS",
        `Invalid arguments for prompt "${name}": ${describeIssues(checked.issues)}`,
      );
    }
    value = checked.value;
  }
  const outcome = await runHandler(ctx, { method: "prompts/get", name, args }, compiled.requestState, () =>
    (prompt.model.handler as (args: unknown, ctx: Context) => unknown)(value, ctx),
  );
  if (outcome.kind === "input_required") return outcome.result;
  if (outcome.kind === "threw") throw outcome.error;
  return toPromptResult(outcome.value, prompt.model.description);
}
