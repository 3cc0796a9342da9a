// Keeping a turn's prompt within the model's context window (worker/models/catalogue.ts contextTokens). The prompt's
// size is estimated, not tokenized: no tokenizer is small enough to ship for every provider, and the estimate only
// has to err on the large side. What does not fit is the oldest history, cut first, then the text of the project's
// files (the later files first); the system instructions (Mây's, the user's, the chat's and its project's), the
// question and its files are never cut.
//
// The estimate, per text: one token per 4 ASCII characters (English and code run at ~4 characters a token in every
// provider's tokenizer), and one token per other character (Vietnamese letters with marks, Cyrillic and Chinese run at
// 1–3 characters a token, so counting each as one overestimates them); each message adds MESSAGE_OVERHEAD_TOKENS and
// each image IMAGE_TOKENS. Of the window, WINDOW_MARGIN is left unused for the estimate's error, and the answer keeps
// its room: the chat's longest answer when it sets one, else ANSWER_RESERVE_TOKENS (or a quarter of a small window).

/** Tokens a message costs beyond its text (role and separators), in every provider's chat format: at most ~4. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** Tokens an image costs as vision input: a large image is ~765 at OpenAI's high detail and ~1,600 at Anthropic. */
export const IMAGE_TOKENS = 1_600;
/** Tokens kept for the answer when the chat sets no longest answer. */
export const ANSWER_RESERVE_TOKENS = 8_192;
/** Share of the window left unused for the estimate's error: 10%. */
export const WINDOW_MARGIN = 0.1;

/** The estimated tokens of a text (see the rule above). */
export function estimateTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 128) ascii++;
    else other++;
  }
  return Math.ceil(ascii / 4) + other;
}

/** The longest start of a text whose estimate is at most `tokens`. */
export function cutToTokens(text: string, tokens: number): string {
  if (estimateTokens(text) <= tokens) return text;
  let ascii = 0;
  let other = 0;
  let end = 0;
  for (; end < text.length; end++) {
    if (text.charCodeAt(end) < 128) ascii++;
    else other++;
    if (Math.ceil(ascii / 4) + other > tokens) break;
  }
  return text.slice(0, end);
}

/** The tokens a prompt may use of a window of `contextTokens`, the answer's room and the margin set aside. */
export function promptBudget(contextTokens: number, answerTokens?: number | null): number {
  const answer = answerTokens ?? Math.min(ANSWER_RESERVE_TOKENS, Math.floor(contextTokens / 4));
  return Math.floor(contextTokens * (1 - WINDOW_MARGIN)) - answer;
}

/**
 * The newest history that fits in `budget` tokens beside the prompt's fixed part (`fixedTokens`: the system prompt, the
 * question and its files), oldest cut first; once cut, it starts with a user message, as some providers require, so an
 * answer whose question was cut goes too. Everything when it all fits; nothing when the fixed part alone fills the
 * budget.
 */
export function fitHistory<T extends { role: "user" | "assistant"; content: string }>(
  history: T[],
  fixedTokens: number,
  budget: number,
): T[] {
  let left = budget - fixedTokens;
  let from = history.length;
  while (from > 0) {
    const cost = estimateTokens(history[from - 1]!.content) + MESSAGE_OVERHEAD_TOKENS;
    if (cost > left) break;
    left -= cost;
    from--;
  }
  if (from === 0) return history;
  const kept = history.slice(from);
  const firstQuestion = kept.findIndex((m) => m.role === "user");
  return firstQuestion < 0 ? [] : kept.slice(firstQuestion);
}
