import { type Context, embedded, image, prompt, resource } from "@mcpsmith/runtime";
import { z } from "zod";
import { PNG_BASE64 } from "./fixtures.js";
import { form } from "./shared.js";

/** Resources, resource templates and prompts with the URIs and names the scenarios read. */
export class CatalogFixtures {
  @resource("test://static-text", {
    name: "static-text",
    title: "Static Text Resource",
    description: "A static text resource for testing",
    mimeType: "text/plain",
  })
  staticText() {
    return "This is the content of the static text resource.";
  }

  @resource("test://static-binary", {
    name: "static-binary",
    title: "Static Binary Resource",
    description: "A static binary resource (image) for testing",
    mimeType: "image/png",
  })
  staticBinary() {
    return Buffer.from(PNG_BASE64, "base64");
  }

  @resource("test://watched-resource", {
    name: "watched-resource",
    title: "Watched Resource",
    description: "Static resource registered for subscribe/unsubscribe testing",
    mimeType: "text/plain",
  })
  watchedResource() {
    return "Watched resource content";
  }

  @resource("test://template/{id}/data", {
    name: "template",
    title: "Resource Template",
    description: "A resource template with parameter substitution",
    mimeType: "application/json",
  })
  templateData({ id }: Record<string, string>) {
    return { id, templateTest: true, data: `Data for ID: ${id}` };
  }

  // ===== Prompts =====

  @prompt({ name: "test_simple_prompt", title: "Simple Test Prompt", description: "A simple prompt without arguments" })
  simplePrompt() {
    return "This is a simple prompt for testing.";
  }

  @prompt({
    name: "test_prompt_with_arguments",
    title: "Prompt With Arguments",
    description: "A prompt with required arguments",
    args: z.object({
      arg1: z.string().describe("First test argument"),
      arg2: z.string().describe("Second test argument"),
    }),
    // The suite only needs completion/complete to answer; offering values shows the feature.
    complete: { arg1: ["paris", "park", "party"], arg2: ["alpha", "beta"] },
  })
  promptWithArguments({ arg1, arg2 }: { arg1: string; arg2: string }) {
    return `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`;
  }

  @prompt({
    name: "test_prompt_with_embedded_resource",
    title: "Prompt With Embedded Resource",
    description: "A prompt that includes an embedded resource",
    args: z.object({ resourceUri: z.string().describe("URI of the resource to embed") }),
  })
  promptWithEmbeddedResource({ resourceUri }: { resourceUri: string }) {
    return [
      embedded(resourceUri, "Embedded resource content for testing.", { mimeType: "text/plain" }),
      "Please process the embedded resource above.",
    ];
  }

  @prompt({
    name: "test_input_required_result_prompt",
    args: { type: "object" },
    title: "MRTR Prompt",
    description: "MRTR (SEP-2322): prompt that requires elicitation input before rendering",
  })
  async inputRequiredPrompt(_args: object, ctx: Context) {
    const answer = await ctx.elicit("What context should the prompt use?", form("context", "string"), {
      key: "user_context",
    });
    return `Use the following context: ${answer.action === "accept" ? answer.content.context : "(none given)"}`;
  }

  @prompt({
    name: "test_prompt_with_image",
    title: "Prompt With Image",
    description: "A prompt that includes image content",
  })
  promptWithImage() {
    return [image(PNG_BASE64, "image/png"), "Please analyze the image above."];
  }
}
