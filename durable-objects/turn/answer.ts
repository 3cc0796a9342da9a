// The answer kinds of the turn (turn.ts): a question, an edit of an earlier question or another answer to one, each
// with web search, the user's own key or files as variations. After the shared session step:
//
//   2. model, plan  the endpoint exists and the user's plan may use it
//   3. chat         the chat is the user's and active (the object's window, or one D1 batch)
//   4. use          one daily use taken atomically, remembering the quota day it was charged to
//   5. prompt       the chat's recent messages and the question, as the model's conversation, with what the
//                   user's settings add (custom instruction, AI style, remembered facts) and the chat's project (its
//                   instructions and files: project-context.ts) — kept in the object too — within the model's context
//                   window (the oldest history cut first: context-fit.ts)
//   6. record       the use taken and the user message recorded in the object once the first token has left
//   7. generate     the answer streams (generation.ts); it is saved with the user message and the day's count in one
//                   D1 batch (save-turn.ts) when it ends, is stopped or fails — a failure with no text gives the use
//                   back (same day)
//
// The variations change steps 3, 5 and 6 only:
//   edit        a new version of an earlier user message (its first text kept as original_message), beside it in the
//               chat's tree (worker/db/message-tree.ts); the prompt is the conversation before that message; the
//               answer is an edit reply tied to the new version (for_edited_message_id), and the chat shows its branch
//   regenerate  another answer to a question, with this or another model, beside the one it replaces (every version
//               is kept); the prompt is the conversation before it, ending with the question it answered
//   search      (with any of the above) a use of the day's web searches instead of the model's; the question goes to
//               the web search source first, and its results become numbered sources and citations (search-step.ts)
//   own key     an "ext-<provider>" endpoint answers with the premium user's own key for that provider (kept sealed
//               by the object, opened for this turn only) and takes no use of the plan's quotas
//   files       a new question may carry up to 10 of the user's uploads (R2, read before the use is taken): their
//               text goes before the question, images as vision input, and the user message keeps their names. Later
//               turns see the question only (the files are read in the turn they are attached to).
import type { GenerationInput } from "./generation";
import type { ChatContext, WindowMessage } from "../state/chats";
import type { MessageInput } from "../../worker/db/messages";
import type { SessionUser } from "../../worker/db/users";
import { AppError } from "../../worker/errors";
import { quotaDay } from "../../worker/lib/time";
import { type CatalogueEntry, contextTokensOf, findByEndpoint } from "../../worker/models/catalogue";
import { dailyLimit, planOf, type WarningLevel, warningLevel } from "../../worker/plans/entitlements";
import { ownChat, reserveUse, type TurnBase, type TurnHost } from "./steps";
import { buildPersonalization } from "../../worker/personalization/build-personalization";
import { EXPERT_PERSONA_SPECS } from "../../worker/personalization/personas";
import { effectiveStyle } from "../../worker/personalization/styles";
import { isSearchTurn, SEARCH_BUCKET } from "../../worker/search/turn-search";
import type { AttachmentRef } from "../../worker/protocol/resources";
import { type Attachment, loadAttachments } from "../../worker/uploads/store";
import { buildPrompt, type ProjectPrompt, SYSTEM_PROMPT } from "./prompt";
import { projectFor } from "./project-context";
import { openModelKey, resealModelKeyLater } from "../../worker/db/model-keys";
import { externalEntry, externalProviderOf } from "../../worker/external-models/external-model";

/** An answer: a plain question, a new text for an earlier question, or another answer to an earlier question. */
export interface AnswerRequest extends TurnBase {
  endpoint: string;
  isSearchMode: boolean;
  /** Uploads (POST /media-api/api/uploads) the new question carries, in order. */
  attachmentIds?: string[];
  kind?: { type: "ask" } | { type: "edit"; messageId: string } | { type: "regenerate"; messageId: string };
}

export interface AnswerStarted {
  kind: "answer";
  stream: ReadableStream<Uint8Array>;
  /** Today's uses left of the bucket the turn took from; null when it took none (an external model with the user's key). */
  remaining: number | null;
  total: number | null;
  level: WarningLevel | null;
  userMessageId: string;
  botMessageId: string;
}

/** Step 2: the model exists and the plan may use it; for an external model, the user's own key for it. */
async function modelFor(
  host: TurnHost,
  user: SessionUser,
  endpoint: string,
): Promise<{ entry: CatalogueEntry; external?: GenerationInput["external"] }> {
  const provider = externalProviderOf(endpoint);
  const entry = provider ? externalEntry(provider) : findByEndpoint(endpoint);
  if (!entry) throw new AppError("model_not_found", `Unknown model ${endpoint}`);
  if (entry.premiumRequired && planOf(user) === "free") {
    throw new AppError("premium_required", `${entry.name} needs a Basic or Advanced+ plan`);
  }
  if (!provider) return { entry };
  const sealed = host.state.personalization.get().modelKeys.find((k) => k.provider === provider);
  const apiKey = sealed ? await openModelKey(host.env, user.id, sealed) : null;
  // A key sealed under a previous MODEL_KEYS_SECRET is sealed again under the current one, off the turn's path.
  if (apiKey && sealed)
    resealModelKeyLater({
      db: host.db,
      env: host.env,
      userId: user.id,
      key: sealed,
      reload: () => host.state.reloadAccount(),
    });
  if (!apiKey)
    throw new AppError(
      "provider_not_configured",
      `Connect your ${entry.name} API key in Settings → External models first`,
    );
  return { entry, external: { provider, apiKey } };
}

/**
 * Step 3, files: the uploads a new question carries, all the user's (else 404) and of kinds the model reads (else
 * 415, as for a model that reads no files at all).
 */
async function attachmentsFor(
  host: TurnHost,
  user: SessionUser,
  entry: CatalogueEntry,
  req: AnswerRequest,
  kind: AnswerRequest["kind"],
) {
  const ids = req.attachmentIds ?? [];
  if (ids.length === 0) return [];
  if (kind && kind.type !== "ask") {
    throw new AppError("invalid_input", "Files go with a new question, not with an edit or a regenerated answer", {
      field: "attachment_ids",
    });
  }
  if (!entry.fileSupport)
    throw new AppError("unsupported_media_type", `${entry.name} cannot read files; choose a model that does`, {
      field: "attachment_ids",
    });
  const attachments = await loadAttachments({ bucket: host.env.IMAGES, userId: user.id, ids });
  const unreadable = attachments.find((a) => !entry.supportedFileTypes.includes(a.group));
  if (unreadable)
    throw new AppError(
      "unsupported_media_type",
      `${entry.name} cannot read ${unreadable.group} files ("${unreadable.name}")`,
      { field: "attachment_ids" },
    );
  return attachments;
}

/** What the user message keeps of its files: names, kinds and sizes, with the link to each. */
function refsOf(attachments: Attachment[]): AttachmentRef[] {
  return attachments.map((a) => ({ id: a.id, name: a.name, type: a.type, group: a.group, size: a.size, url: a.url }));
}

/** Steps 2 to 7 of an answer, for the user whose session step 1 found. */
export async function runAnswer(host: TurnHost, user: SessionUser, req: AnswerRequest): Promise<AnswerStarted> {
  const { entry, external } = await modelFor(host, user, req.endpoint);
  const day = quotaDay();
  const history = await ownChat(host, req.chatId, day);
  const kind = req.kind ?? { type: "ask" };
  const running = host.generations.running();
  if (running.includes(req.botMessageId) || (kind.type === "regenerate" && running.includes(kind.messageId))) {
    throw new AppError("conflict", "This answer is being written now; stop it first");
  }
  // the chat's persona, project and own settings, kept by the object with its window: read once for the whole turn
  const chatContext = host.state.chats.context(req.chatId);
  const [attachments, project] = await Promise.all([
    attachmentsFor(host, user, entry, req, kind),
    projectFor(host, user.id, entry, chatContext.projectId),
  ]);
  // Steps 3 to 6 of the variations: which messages the prompt holds, and what the turn writes.
  const plan = kind.type === "ask" ? askPlan(req, history) : await earlierMessagePlan(host, req, kind);
  // A search turn counts against the day's web searches, its own quota; any other turn against the model's. A turn
  // the client did not ask to search still searches when the question looks time-sensitive (auto-search) and the
  // user's settings allow it — unless today's searches are used up, when it is answered without.
  const requested = req.isSearchMode;
  let searching = isSearchTurn({
    requested,
    question: plan.question,
    enableSearch: host.state.personalization.get().settings.enableSearch,
  });
  if (searching && !requested && host.state.usage.count(day, SEARCH_BUCKET) >= dailyLimit(planOf(user), SEARCH_BUCKET))
    searching = false;
  // An external model answers with the user's own key: only a search it runs counts (Mây's search quota).
  const bucket = searching ? SEARCH_BUCKET : external ? null : entry.endpoint;
  const use = bucket ? reserveUse(host, user, bucket, searching ? "web search" : entry.name, day) : null;

  const userMessage = plan.userMessage && {
    ...plan.userMessage,
    model: entry.endpoint,
    endpoint: entry.endpoint,
    source: "api",
    isSearchMode: searching,
    ...(attachments.length > 0 ? { attachments: refsOf(attachments) } : {}),
  };
  const input: GenerationInput = {
    userId: user.id,
    chatId: req.chatId,
    endpoint: entry.endpoint,
    botMessageId: plan.botMessageId,
    userMessage,
    usage: bucket ? { bucket, day } : null,
    isSearchMode: searching,
    ...(searching ? { search: { query: plan.question } } : {}),
    ...(plan.forEditedMessageId ? { forEditedMessageId: plan.forEditedMessageId } : {}),
    ...(plan.replaces ? { newBranch: true, botParentId: plan.questionId } : {}),
    ...personalPrompt(host, user, chatContext, plan, history.length === 0, attachments, { project, entry }),
    ...(external ? { external } : {}),
    ...(req.requestId ? { requestId: req.requestId } : {}),
  };
  // The model's call leaves first (start issues it), and the turn's writes are held until its first token has left
  // (state/held-writes.ts): a write before either would hold it until the write is durable (the object's output gate).
  // The use is held in memory at once, with no wait since its check, so racing turns count it.
  const stream = host.generations.start(input);
  const recordUse = bucket ? host.state.usage.hold(day, bucket) : null;
  host.state.held.add(() => {
    recordUse?.();
    // A new version: the object's window of the chat ends where the new branch leaves the old one.
    if (plan.replaces) host.state.chats.cutFrom(req.chatId, plan.replaces);
    if (userMessage) {
      host.state.chats.append(req.chatId, [
        {
          messageId: userMessage.messageId,
          sender: "user",
          message: userMessage.message,
          original: userMessage.originalMessage ?? null,
        },
      ]);
    }
  });
  return {
    kind: "answer",
    stream,
    remaining: use?.remaining ?? null,
    total: use?.total ?? null,
    level: use ? warningLevel(use.remaining) : null,
    userMessageId: userMessage?.messageId ?? plan.questionId,
    botMessageId: plan.botMessageId,
  };
}

/**
 * Step 5: the prompt, personalized by the user's settings and the chat's own, and the sampling settings of their AI
 * style or the chat's temperature and longest answer.
 */
function personalPrompt(
  host: TurnHost,
  user: SessionUser,
  chatOwn: ChatContext,
  plan: TurnPlan,
  isNewChat: boolean,
  attachments: Attachment[],
  /** The chat's project (project-context.ts), and the model whose context window the prompt stays within. */
  fit: { project: ProjectPrompt | null; entry: CatalogueEntry },
) {
  const { settings, memories } = host.state.personalization.get();
  const persona = chatOwn.persona;
  // The chat's own settings: temperature and length are premium (ignored once the plan lapses, as the AI style is).
  const premiumChat = planOf(user) !== "free";
  const personal = buildPersonalization({
    settings,
    style: effectiveStyle(settings.aiStyle, planOf(user) !== "free"),
    memories: memories.map((content) => ({ content })),
    persona: persona ? EXPERT_PERSONA_SPECS[persona] : null,
    isNewChat,
    chat: { systemPrompt: chatOwn.systemPrompt, temperature: premiumChat ? chatOwn.temperature : null },
  });
  const system = personal.system ? `${SYSTEM_PROMPT}\n\n${personal.system}` : SYSTEM_PROMPT;
  return {
    prompt: buildPrompt({
      history: plan.before,
      question: plan.question,
      system,
      attachments,
      project: fit.project,
      contextTokens: contextTokensOf(fit.entry),
      answerTokens: premiumChat ? chatOwn.maxTokens : null,
    }),
    ...(personal.temperature !== undefined ? { temperature: personal.temperature } : {}),
    ...(personal.topP !== undefined ? { topP: personal.topP } : {}),
    ...(premiumChat && chatOwn.maxTokens !== null ? { maxOutputTokens: chatOwn.maxTokens } : {}),
  };
}

interface TurnPlan {
  /** The conversation before the question, oldest first. */
  before: WindowMessage[];
  question: string;
  questionId: string;
  /** The user message this turn writes (a new question, or a new version of one); null when it answers one again. */
  userMessage: MessageInput | null;
  botMessageId: string;
  forEditedMessageId?: string;
  /** The message a new version stands beside (the edited question, the answer written again); absent for a question. */
  replaces?: string;
}

/** A plain question: a new user message after the chat's recent messages, and a new answer. */
function askPlan(req: AnswerRequest, history: WindowMessage[]): TurnPlan {
  return {
    before: history.filter((m) => m.messageId !== req.userMessageId),
    question: req.question,
    questionId: req.userMessageId,
    userMessage: { messageId: req.userMessageId, sender: "user", message: req.question, createdAt: Date.now() },
    botMessageId: req.botMessageId,
  };
}

/** An edit of an earlier question, or another answer to one: the conversation up to that message. */
async function earlierMessagePlan(
  host: TurnHost,
  req: AnswerRequest,
  kind: { type: "edit" | "regenerate"; messageId: string },
): Promise<TurnPlan> {
  const found = await host.state.messageWithHistory(req.chatId, kind.messageId);
  if (!found) throw new AppError("not_found", "Message not found");
  const { target, before } = found;
  if (kind.type === "edit") {
    if (target.sender !== "user")
      throw new AppError("invalid_input", "Only your own messages can be edited", { field: "edit_message_id" });
    const now = Date.now();
    return {
      before,
      question: req.question,
      questionId: req.userMessageId,
      userMessage: {
        messageId: req.userMessageId,
        sender: "user",
        message: req.question,
        edited: true,
        editedAt: now,
        originalMessage: target.original ?? target.message,
        createdAt: now,
        // on the path, the message before is the one it follows
        parentId: before.at(-1)?.messageId ?? null,
      },
      botMessageId: req.botMessageId,
      forEditedMessageId: req.userMessageId,
      replaces: target.messageId,
    };
  }
  if (target.sender !== "bot")
    throw new AppError("invalid_input", "Only answers can be regenerated", { field: "regenerate_message_id" });
  const asked = before.findLastIndex((m) => m.sender === "user");
  if (asked < 0)
    throw new AppError("invalid_input", "This answer has no question to answer again", {
      field: "regenerate_message_id",
    });
  return {
    before: before.slice(0, asked),
    question: before[asked]!.message,
    questionId: before[asked]!.messageId,
    userMessage: null,
    botMessageId: req.botMessageId,
    replaces: target.messageId,
  };
}
