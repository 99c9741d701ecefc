import type {
  Prompt,
  Resource,
  ResourceTemplateType as ResourceTemplateWire,
  ServerOptions,
  Tool,
  UriTemplate,
} from "@modelcontextprotocol/server";
import type { CompletionSource, TaskSupport } from "../model/options.js";
import type { PromptModel, ResourceModel, ResourceTemplateModel, ServerInfo, ToolModel } from "../model/types.js";
import type { CompiledSchema } from "../schema/types.js";
import type { RequestStateSealer } from "./request-state.js";

export interface CompiledTool {
  readonly name: string;
  readonly wire: Tool;
  readonly input: CompiledSchema;
  readonly output: CompiledSchema | undefined;
  readonly task: TaskSupport | undefined;
  /** Milliseconds the handler may run: its own `timeout`, else the model's `toolTimeout`, else none. */
  readonly timeout: number | undefined;
  /** The OAuth scopes a caller needs (docs/auth.md). */
  readonly scopes: readonly string[] | undefined;
  readonly handler: ToolModel["handler"];
}

export interface CompiledPrompt {
  readonly wire: Prompt;
  readonly args: CompiledSchema | undefined;
  readonly model: PromptModel;
}

export interface CompiledTemplate {
  readonly wire: ResourceTemplateWire;
  readonly matcher: UriTemplate;
  readonly model: ResourceTemplateModel;
}

/**
 * Everything a request needs, resolved once: wire lists ready to send, lookup maps, compiled validators and
 * the SDK server options. Per request, only a `Server` is constructed and bound to these.
 */
export interface CompiledModel {
  readonly info: ServerInfo;
  readonly serverOptions: ServerOptions;
  readonly maxResultTokens: number;
  /** Signs and checks the `requestState` of elicitation/sampling/roots rounds (also wired into `serverOptions`). */
  readonly requestState: RequestStateSealer;
  readonly tools: ReadonlyMap<string, CompiledTool>;
  readonly toolList: readonly Tool[];
  readonly resources: ReadonlyMap<string, ResourceModel>;
  readonly resourceList: readonly Resource[];
  readonly templates: readonly CompiledTemplate[];
  readonly templateList: readonly ResourceTemplateWire[];
  readonly prompts: ReadonlyMap<string, CompiledPrompt>;
  readonly promptList: readonly Prompt[];
  readonly completions: {
    readonly prompts: ReadonlyMap<string, Readonly<Record<string, CompletionSource>>>;
    readonly templates: ReadonlyMap<string, Readonly<Record<string, CompletionSource>>>;
  };
}
