import { type Context, tool } from "@mcpsmith/runtime";
import { NO_ARGS } from "./shared.js";

/** List changes at run time (SEP-2575 subscriptions/listen on 2026-07-28; list_changed notifications on legacy sessions). */
export class ListChangeFixtures {
  @tool({
    name: "test_trigger_tool_change",
    description: "Adds or removes the tool test_dynamic_tool, so every listening client hears tools/list_changed",
    input: NO_ARGS,
  })
  triggerToolChange(_args: object, ctx: Context) {
    if (ctx.server.removeTool("test_dynamic_tool")) return "test_dynamic_tool removed: tools/list_changed sent";
    ctx.server.addTool(
      "test_dynamic_tool",
      { description: "Added at run time by test_trigger_tool_change" },
      () => "This tool was added while the server was running.",
    );
    return "test_dynamic_tool added: tools/list_changed sent";
  }

  @tool({
    name: "test_trigger_prompt_change",
    description: "Adds or removes the prompt test_dynamic_prompt, so every listening client hears prompts/list_changed",
    input: NO_ARGS,
  })
  triggerPromptChange(_args: object, ctx: Context) {
    if (ctx.server.removePrompt("test_dynamic_prompt")) return "test_dynamic_prompt removed: prompts/list_changed sent";
    ctx.server.addPrompt(
      "test_dynamic_prompt",
      { description: "Added at run time by test_trigger_prompt_change" },
      () => "This prompt was added while the server was running.",
    );
    return "test_dynamic_prompt added: prompts/list_changed sent";
  }

  @tool({
    name: "test_trigger_resource_update",
    description:
      "Tells clients subscribed to test://watched-resource that it changed (notifications/resources/updated)",
    input: NO_ARGS,
  })
  triggerResourceUpdate(_args: object, ctx: Context) {
    ctx.notify.resourceUpdated("test://watched-resource");
    return "notifications/resources/updated sent for test://watched-resource";
  }
}
