// What a user's settings do to an answer, as one pure function: the custom instruction, the AI style, the
// remembered facts and an expert persona become system-prompt additions and sampling settings. The chat-turn
// pipeline appends `system` to Mây's own system prompt and passes temperature/topP to the model call.
import type { AiStyle } from "../protocol/settings";
import { MEMORY_PROMPT_MAX_CHARS } from "./memory-limits";
import type { ExpertPersona } from "./personas";
import { AI_STYLE_SPECS } from "./styles";

export interface PersonalizationSettings {
  chatCustomization: string;
  /** The custom instruction is used at all. */
  enableAiCustom: boolean;
  /** The custom instruction also applies to chats started from now on (off: only to chats already under way). */
  allowNewChats: boolean;
  memoryEnabled: boolean;
}

export interface PersonalizationInput {
  settings: PersonalizationSettings;
  /** The style to apply: the caller passes null for a plan without styles (see effectiveStyle). */
  style: AiStyle | null;
  /** Remembered facts, oldest first (as listMemories returns them). */
  memories: readonly { content: string }[];
  persona?: ExpertPersona | null;
  /** Whether this turn starts a new chat (for allowNewChats). Default false. */
  isNewChat?: boolean;
  /**
   * The chat's own settings (PUT /chat-sessions/{id}/settings): its system prompt goes after the custom instructions,
   * its temperature wins over the persona's and the style's. The caller passes a null temperature for a plan without
   * it (premium, as the styles are).
   */
  chat?: { systemPrompt: string | null; temperature: number | null } | null;
}

export interface Personalization {
  /** Text to append to the system prompt; '' when nothing applies. */
  system: string;
  temperature?: number;
  topP?: number;
}

/** The first line of each block this adds to the system prompt (the offline model reads them back, to show them). */
export const PERSONA_PREFIX = "Your role in this chat: ";
export const CUSTOM_INSTRUCTIONS_HEADER =
  "The user's custom instructions for how you answer (follow them unless they conflict with safety or the facts):";
export const CHAT_INSTRUCTIONS_HEADER =
  "The user's instructions for this chat (follow them unless they conflict with safety or the facts; where they differ from the custom instructions, these win):";
export const MEMORY_HEADER =
  "What you remember about the user from earlier chats (use it when relevant; do not recite it unprompted):";

/** Keeps the user's text from closing our delimiters: triple quotes inside become single ones. */
const quoteSafe = (text: string) => text.replace(/"{3,}/g, '"');

function memoryBlock(memories: readonly { content: string }[]): string {
  const picked: string[] = [];
  let used = 0;
  // Newest first, until the budget is spent; then back in the order they were learned.
  for (let i = memories.length - 1; i >= 0; i--) {
    const line = `- ${memories[i]!.content.replace(/\s+/g, " ").trim()}`;
    if (line.length <= 2) continue;
    if (used + line.length + 1 > MEMORY_PROMPT_MAX_CHARS) break;
    picked.unshift(line);
    used += line.length + 1;
  }
  if (picked.length === 0) return "";
  return [MEMORY_HEADER, ...picked].join("\n");
}

export function buildPersonalization({
  settings,
  style,
  memories,
  persona,
  isNewChat = false,
  chat,
}: PersonalizationInput): Personalization {
  const parts: string[] = [];
  let temperature: number | undefined;
  let topP: number | undefined;

  if (persona) {
    parts.push(`${PERSONA_PREFIX}${persona.name}.\n${persona.system}`);
    temperature = persona.temperature;
  }
  if (style) {
    const spec = AI_STYLE_SPECS[style];
    parts.push(spec.instruction);
    temperature = spec.temperature;
    topP = spec.topP;
  }
  const instruction = settings.chatCustomization.trim();
  if (settings.enableAiCustom && instruction && (settings.allowNewChats || !isNewChat)) {
    parts.push([CUSTOM_INSTRUCTIONS_HEADER, `"""\n${quoteSafe(instruction)}\n"""`].join("\n"));
  }
  const chatInstruction = chat?.systemPrompt?.trim();
  if (chatInstruction) parts.push([CHAT_INSTRUCTIONS_HEADER, `"""\n${quoteSafe(chatInstruction)}\n"""`].join("\n"));
  if (chat?.temperature !== null && chat?.temperature !== undefined) temperature = chat.temperature;
  if (settings.memoryEnabled) {
    const block = memoryBlock(memories);
    if (block) parts.push(block);
  }

  const result: Personalization = { system: parts.join("\n\n") };
  if (temperature !== undefined) result.temperature = temperature;
  if (topP !== undefined) result.topP = topP;
  return result;
}
