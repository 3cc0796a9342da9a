// History to prompt: the conversation a model sees for one turn — Mây's system prompt (with what the user's settings
// and the chat's own add, then the chat's project: its instructions and its files' text, in the blocks of
// worker/models/project-prompt.ts), the chat's recent messages (empty answers, such as a failed one, are left out) and
// the new question, with the files it carries: their text before the question (worker/uploads/attachment-prompt.ts)
// and images as vision input (the project's images too). Within the model's context window: the oldest history is
// cut first, never the instructions or the question (context-fit.ts).
import type { WindowMessage } from "../state/chats";
import type { AnswerPrompt } from "../../worker/models/stream-answer";
import { attachmentsPrompt } from "../../worker/uploads/attachment-prompt";
import type { Attachment } from "../../worker/uploads/store";
import { type ProjectPromptInput, projectSystem } from "../../worker/models/project-prompt";
import {
  cutToTokens,
  estimateTokens,
  fitHistory,
  IMAGE_TOKENS,
  MESSAGE_OVERHEAD_TOKENS,
  promptBudget,
} from "./context-fit";

export const SYSTEM_PROMPT =
  "You are Mây, a helpful multilingual assistant. Answer in the language of the user's last message. Use Markdown where it helps.";

/** The project a chat is in, as its turns send it: its instructions and its files (read from R2 for the turn). */
export interface ProjectPrompt extends ProjectPromptInput {
  files: Attachment[];
}

export function buildPrompt({
  history,
  question,
  system = SYSTEM_PROMPT,
  attachments = [],
  project = null,
  contextTokens,
  answerTokens = null,
}: {
  history: WindowMessage[];
  question: string;
  system?: string;
  attachments?: Attachment[];
  /** The chat's project, or null. */
  project?: ProjectPrompt | null;
  /** The model's context window in tokens; absent: the history is not cut. */
  contextTokens?: number;
  /** The chat's longest answer in tokens, kept free in the window (context-fit.ts promptBudget); null: the default. */
  answerTokens?: number | null;
}): AnswerPrompt {
  const budget = contextTokens === undefined ? Number.POSITIVE_INFINITY : promptBudget(contextTokens, answerTokens);
  const past: AnswerPrompt["messages"] = [];
  for (const m of history) {
    if (!m.message.trim()) continue;
    past.push({ role: m.sender === "user" ? "user" : "assistant", content: m.message });
  }
  const images = [...(project?.files ?? []), ...attachments].flatMap((a) =>
    a.image ? [{ filename: a.name, mediaType: a.type, data: a.image }] : [],
  );
  const text = attachmentsPrompt(attachments);
  const last: AnswerPrompt["messages"][number] = {
    role: "user",
    content: text ? `${text}\n\n${question}` : question,
    ...(images.length > 0 ? { files: images } : {}),
  };
  const withSystem = (extra: string) => (extra ? `${system}\n\n${extra}` : system);
  const rest = estimateTokens(last.content) + 2 * MESSAGE_OVERHEAD_TOKENS + images.length * IMAGE_TOKENS;
  // The project's files take what the instructions and the question leave of the window, before the history does.
  const fitted = project && {
    ...project,
    files: fitFiles(
      project.files,
      budget - rest - estimateTokens(withSystem(projectSystem({ ...project, files: [] }))),
    ),
  };
  const fullSystem = withSystem(fitted ? projectSystem(fitted) : "");
  const kept = contextTokens === undefined ? past : fitHistory(past, estimateTokens(fullSystem) + rest, budget);
  return { system: fullSystem, messages: [...kept, last] };
}

/** Tokens a file's block costs beyond its text (its header and end lines), at most. */
const FILE_BLOCK_TOKENS = 100;

/**
 * The project's files with their text cut, in order, to `allowance` tokens together (the later ones first lose what
 * does not fit, marked truncated as a file cut for the turn's budget is); images are counted with the question.
 */
function fitFiles(files: Attachment[], allowance: number): Attachment[] {
  if (allowance === Number.POSITIVE_INFINITY) return files;
  let left = allowance;
  return files.map((f) => {
    if (f.text === null) return f;
    const text = cutToTokens(f.text, Math.max(0, left - FILE_BLOCK_TOKENS));
    left -= estimateTokens(text) + FILE_BLOCK_TOKENS;
    return text.length === f.text.length ? f : { ...f, text, truncated: true };
  });
}
