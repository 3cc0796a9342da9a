// The five AI styles (premium only) as data: what each adds to the system prompt and how it samples. Temperatures
// are on the 0–2 scale of OpenAI-style APIs and stay at or below 1.2; a provider with a narrower range (Anthropic:
// 0–1) has them clamped by its adapter. topP 1 leaves nucleus sampling off.
import type { AiStyle } from "../protocol/settings";

export interface StyleSpec {
  instruction: string;
  temperature: number;
  topP: number;
}

export const AI_STYLE_SPECS: Record<AiStyle, StyleSpec> = {
  accurate: {
    instruction:
      "Style: accurate. Be precise and factual. Prefer well-established facts, say plainly when you are unsure, do not speculate, and keep the answer concise.",
    temperature: 0.2,
    topP: 0.8,
  },
  practical: {
    instruction:
      "Style: practical. Focus on what the user can do: concrete steps, examples and a clear recommendation. Skip theory that does not help.",
    temperature: 0.5,
    topP: 0.9,
  },
  creativeLite: {
    instruction:
      "Style: mildly creative. Stay accurate, but feel free to use fresh wording, analogies and an idea or two the user may not have considered.",
    temperature: 0.8,
    topP: 0.95,
  },
  superCreative: {
    instruction:
      "Style: very creative. Be imaginative and original: explore unusual angles, vivid language and bold ideas, while keeping facts right.",
    temperature: 1.0,
    topP: 1,
  },
  spontaneous: {
    instruction:
      "Style: spontaneous. Be lively, playful and surprising, like a quick-witted friend; keep it short and natural, and keep facts right.",
    temperature: 1.2,
    topP: 1,
  },
};

/** The style that applies: the chosen one for a premium plan, none otherwise (a lapsed plan keeps its choice stored). */
export function effectiveStyle(aiStyle: AiStyle | null, premium: boolean): AiStyle | null {
  return premium ? aiStyle : null;
}
