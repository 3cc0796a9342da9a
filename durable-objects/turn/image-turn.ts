// One image turn: the chat turn's pipeline (chat-turn.ts) with a picture for an answer. It runs inside the user's
// Durable Object, like the chat turn, so the session, the chat and the day's count come from the object's hot state:
//
//   1. session      the call's session is active (the JWT was checked by the worker)
//   2. question     required ('Question is required'); the prompt is the question without an appended image link
//   3. chat         the chat is the user's and active (chat-turn.ts's ownChat)
//   4. original     an edit's original image is one of the user's own (its URL or id; another user's is a 404)
//   5. use          one use of the day's "image" quota, taken atomically (chat-turn.ts's takeUse)
//   6. draw         the image source from configuration (worker/images/registry.ts) draws or edits the picture
//   7. store        the PNG goes to R2 under the owner (images/{userId}/{id}); the image row, the user message and the
//                   bot message (the picture as markdown, isImageMode) and the day's count reach D1 in one batch
//   8. refund       any failure from step 6 on gives the use back (a safety refusal too: nothing was made)
import { createDb } from "../../worker/db/client";
import { getImage, insertImageStatement } from "../../worker/db/images";
import { type MessageInput, saveMessagesStatements } from "../../worker/db/messages";
import { usageCountStatement } from "../../worker/db/usage";
import { AppError } from "../../worker/errors";
import { createImageSource } from "../../worker/images/registry";
import type { GeneratedImage } from "../../worker/images/types";
import { quotaDay } from "../../worker/lib/time";
import { warningLevel } from "../../worker/plans/entitlements";
import { type ImageResult, imageMessageMarkdown, imageUrlOf } from "../../worker/protocol/images";
import { ID_PATTERN } from "../../worker/protocol/resources";
import { ownChat, takeUse, type TurnHost } from "./chat-turn";

export interface ImageTurnRequest {
  sessionId: string;
  tokenHash: string | null;
  /** The user_id the payload claims, if any: it must be the signed-in user's. */
  claimedUserId: string | null;
  chatId: string;
  question: string;
  userMessageId: string;
  botMessageId: string;
  isEdit: boolean;
  /** The image an edit starts from: its /media-api/api/images/{id} URL (absolute or not) or its id. */
  originalImage: string | null;
}

/** The daily quota bucket of image generations and edits (worker/plans/entitlements.ts). */
export const IMAGE_BUCKET = "image";

/** An image URL of ours inside a text (the client appends the latest picture's link to a regeneration phrase). */
const IMAGE_LINK = /(?:https?:\/\/[^\s/)]+)?\/media-api\/api\/images\/([A-Za-z0-9_.:-]{1,100})/;

/** The id of the image an edit refers to, from original_image or, failing that, a link in the question. */
function originalImageId(req: ImageTurnRequest): string {
  const ref = req.originalImage?.trim();
  if (ref) {
    const link = IMAGE_LINK.exec(ref);
    if (link && (ref.startsWith("/") || /^https?:\/\//.test(ref))) return link[1]!;
    if (ID_PATTERN.test(ref)) return ref;
    throw new AppError("invalid_input", "original_image must be the URL or id of one of your images", {
      field: "original_image",
    });
  }
  const inQuestion = IMAGE_LINK.exec(req.question);
  if (inQuestion) return inQuestion[1]!;
  throw new AppError("invalid_input", "An edit needs original_image: the URL or id of one of your images", {
    field: "original_image",
  });
}

/** The prompt sent upstream: the question without our image links (the original goes along as the picture). */
function promptOf(question: string): string {
  return question
    .replace(new RegExp(IMAGE_LINK.source, "g"), " ")
    .replace(/[ \t]+/g, " ")
    .trim();
}

function describe(image: GeneratedImage, prompt: string, isEdit: boolean): string {
  if (image.description) return image.description;
  return image.revisedPrompt?.trim() || (isEdit ? `Edited picture: ${prompt}` : `Picture: ${prompt}`);
}

export async function runImageTurn(host: TurnHost & { env: Env }, req: ImageTurnRequest): Promise<ImageResult> {
  const user = await host.authorize(req.sessionId, req.tokenHash);
  if (req.claimedUserId != null && req.claimedUserId !== user.id) {
    throw new AppError("forbidden", "user_id does not match the signed-in user");
  }
  const question = req.question.trim();
  if (!question) throw new AppError("invalid_input", "Question is required", { field: "question" });
  const day = quotaDay();
  await ownChat(host, req.chatId, day);
  const db = createDb(host.env.DB);

  let original: { id: string; url: string; bytes: Uint8Array; contentType: string } | null = null;
  if (req.isEdit) {
    const id = originalImageId(req);
    const row = await getImage({ db, id, userId: user.id });
    const object = row ? await host.env.IMAGES.get(row.r2Key) : null;
    if (!row || !object) throw new AppError("not_found", "Image not found", { field: "original_image" });
    original = {
      id: row.id,
      url: imageUrlOf(row.id),
      bytes: new Uint8Array(await object.arrayBuffer()),
      contentType: row.contentType,
    };
  }
  const prompt = promptOf(question);
  if (!prompt) throw new AppError("invalid_input", "Question is required", { field: "question" });
  // A misconfigured provider is refused before the use is taken.
  const source = createImageSource(host.env);
  const { remaining } = takeUse(host, user, IMAGE_BUCKET, "image generation", day);

  try {
    const image = original ? await source.edit(prompt, original) : await source.generate(prompt);
    const id = crypto.randomUUID();
    const r2Key = `images/${user.id}/${id}`;
    const imageUrl = imageUrlOf(id);
    const description = describe(image, prompt, original !== null);
    const message = imageMessageMarkdown(imageUrl, description);
    const now = Date.now();
    const common = { source: "api", isImageMode: true, model: image.model, endpoint: IMAGE_BUCKET } as const;
    const items: MessageInput[] = [
      { ...common, messageId: req.userMessageId, sender: "user", message: question, createdAt: now },
      // One millisecond later, so the answer always sorts after its question.
      { ...common, messageId: req.botMessageId, sender: "bot", message, offline: image.offline, createdAt: now + 1 },
    ];
    await host.env.IMAGES.put(r2Key, image.bytes, { httpMetadata: { contentType: image.contentType } });
    try {
      await db.batch([
        insertImageStatement({
          db,
          createdAt: now,
          image: {
            id,
            userId: user.id,
            r2Key,
            contentType: image.contentType,
            size: image.bytes.byteLength,
            chatId: req.chatId,
            messageId: req.botMessageId,
            prompt,
            model: image.model,
            isEdit: original !== null,
            originalImageId: original?.id ?? null,
            offline: image.offline,
          },
        }),
        ...saveMessagesStatements({ db, userId: user.id, chatId: req.chatId, items }),
        usageCountStatement({
          db,
          userId: user.id,
          day,
          bucket: IMAGE_BUCKET,
          count: host.state.usage.count(day, IMAGE_BUCKET),
        }),
      ]);
    } catch (err) {
      // No row, no object: an image nobody can read must not linger in R2.
      await host.env.IMAGES.delete(r2Key);
      throw err;
    }
    host.state.chats.append(
      req.chatId,
      items.map((m) => ({ messageId: m.messageId, sender: m.sender, message: m.message })),
    );
    return {
      success: true,
      imageUrl,
      imageId: id,
      description,
      message,
      prompt,
      type: original ? "edit" : "generation",
      model: image.model,
      timestamp: new Date(now).toISOString(),
      isEdit: original !== null,
      originalImage: original?.url ?? null,
      offline: image.offline,
      chat_id: req.chatId,
      message_id: req.userMessageId,
      bot_message_id: req.botMessageId,
      metadata: { remainingUsage: remaining, warningLevel: warningLevel(remaining), model: image.model },
    };
  } catch (err) {
    host.state.usage.refund(day, IMAGE_BUCKET);
    throw err;
  }
}
