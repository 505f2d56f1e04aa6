// The model APIs the Conversation view speaks, and where each one's models
// are: OpenAI's two APIs share a key; Anthropic and Gemini have their own.
// Without a provider's key, its API runs on the scripted model only.
import { displayUrl } from "@x/servers";
import type { ConversationApi, ModelProvider } from "../shared/api-types";
import { SCRIPTED_MODEL } from "../shared/scripted-model";

/** Where one provider's models are. The key stays on the server: the page only learns whether there is one. */
export interface ProviderSettings {
  readonly apiKey?: string;
  readonly baseURL?: string;
  /** The model a conversation starts with. */
  readonly model?: string;
}

/** The three providers' settings (from `OPENAI_…`, `ANTHROPIC_…` and `GEMINI_…` variables). */
export interface ModelSettings {
  readonly openai?: ProviderSettings;
  readonly anthropic?: ProviderSettings;
  readonly gemini?: ProviderSettings;
}

/** Who serves a conversation API. */
export type Provider = keyof ModelSettings;

const APIS: {
  readonly [api in ConversationApi]: {
    readonly label: string;
    readonly provider: Provider;
    readonly keyVariable: string;
    readonly defaultModel: string;
  };
} = {
  responses: { label: "Responses", provider: "openai", keyVariable: "OPENAI_API_KEY", defaultModel: "gpt-4.1-mini" },
  chat: { label: "Chat Completions", provider: "openai", keyVariable: "OPENAI_API_KEY", defaultModel: "gpt-4.1-mini" },
  anthropic: {
    label: "Anthropic Messages",
    provider: "anthropic",
    keyVariable: "ANTHROPIC_API_KEY",
    defaultModel: "claude-sonnet-4-5",
  },
  gemini: {
    label: "Gemini",
    provider: "gemini",
    keyVariable: "GEMINI_API_KEY",
    defaultModel: "gemini-3-flash-preview",
  },
};

/**
 * Whether `api` is one the Conversation view speaks.
 *
 * @example
 * ```ts
 * isConversationApi("gemini"); // true
 * ```
 */
export function isConversationApi(api: unknown): api is ConversationApi {
  return typeof api === "string" && Object.hasOwn(APIS, api);
}

/**
 * The settings of the provider serving `api`, with its key only when one is set (an empty one is none).
 *
 * @example
 * ```ts
 * settingsFor({ anthropic: { apiKey: "sk-ant-…" } }, "anthropic").apiKey; // "sk-ant-…"
 * ```
 */
export function settingsFor(settings: ModelSettings, api: ConversationApi): ProviderSettings {
  return settings[APIS[api].provider] ?? {};
}

/**
 * The variable that holds the key of `api`'s provider (what the page tells the user to set).
 *
 * @example
 * ```ts
 * keyVariable("chat"); // "OPENAI_API_KEY"
 * ```
 */
export function keyVariable(api: ConversationApi): string {
  return APIS[api].keyVariable;
}

const hasKey = (settings: ProviderSettings): boolean => settings.apiKey !== undefined && settings.apiKey !== "";

/**
 * Every conversation API as the page shows it: whether its key is set, and
 * the model it starts with (the scripted model without a key).
 *
 * @example
 * ```ts
 * providerStates({ gemini: { apiKey: "…" } }).find((each) => each.api === "gemini")?.configured; // true
 * ```
 */
export function providerStates(settings: ModelSettings): ModelProvider[] {
  return (Object.keys(APIS) as ConversationApi[]).map((api) => {
    const { label, keyVariable: variable, defaultModel } = APIS[api];
    const own = settingsFor(settings, api);
    const configured = hasKey(own);
    return {
      api,
      label,
      keyVariable: variable,
      configured,
      model: configured ? (own.model ?? defaultModel) : SCRIPTED_MODEL,
      baseUrl: own.baseURL === undefined ? null : displayUrl(own.baseURL),
    };
  });
}

/**
 * Every key and base URL of the settings, for the redactor.
 *
 * @example
 * ```ts
 * const secrets = providerSecrets(settings); // { keys: ["sk-…"], urls: ["http://…"] }
 * ```
 */
export function providerSecrets(settings: ModelSettings): { keys: string[]; urls: string[] } {
  const all = [settings.openai, settings.anthropic, settings.gemini].flatMap((each) =>
    each === undefined ? [] : [each],
  );
  return {
    keys: all.flatMap((each) => (hasKey(each) && each.apiKey !== undefined ? [each.apiKey] : [])),
    urls: all.flatMap((each) => (each.baseURL === undefined ? [] : [each.baseURL])),
  };
}
