// The picture kind of the turn (turn.ts): a picture drawn or edited for an answer. After the shared session step:
//
//   3. chat         the chat is the user's and active (steps.ts's ownChat)
//   4. original     an edit's original image is one of the user's own (its URL or id; another user's is a 404)
//   5. use          one use of the day's "image" quota, taken atomically (steps.ts's takeUse)
//   6. draw         the image source from configuration (worker/images/registry.ts) draws or edits the picture
//   7. store        the picture goes to R2 under its owner (images/{userId}/{id}); the image row, the user message and
//                   the bot message (the picture as markdown, isImageMode) and the day's count reach D1 in the turn's
//                   one batch (save-turn.ts)
//   8. refund       any failure from step 6 on gives the use back (a safety refusal too: nothing was made)
//
// The question was checked at the edge: it holds more than our image links (worker/images/image-links.ts), which are
// left out of the prompt.
import type { SessionUser } from "../../worker/db/users";
import { getImage } from "../../worker/db/images";
import type { MessageInput } from "../../worker/db/messages";
import { AppError } from "../../worker/errors";
import { imageIdOf, imagePromptOf, linkedImageId } from "../../worker/images/image-links";
import { createImageSource } from "../../worker/images/registry";
import type { GeneratedImage } from "../../worker/images/types";
import { quotaDay } from "../../worker/lib/time";
import { warningLevel } from "../../worker/plans/entitlements";
import { type ImageResult, imageMessageMarkdown, imageUrlOf } from "../../worker/protocol/images";
import { saveTurn } from "./save-turn";
import { ownChat, type TurnBase, type TurnHost, takeUse } from "./steps";

export interface PictureRequest extends TurnBase {
  kind: {
    type: "image";
    isEdit: boolean;
    /** The image an edit starts from: its /media-api/api/images/{id} URL (absolute or not) or its id. */
    originalImage: string | null;
  };
}

export interface PictureTaken {
  kind: "image";
  picture: ImageResult;
}

/** The daily quota bucket of image generations and edits (worker/plans/entitlements.ts). */
const IMAGE_BUCKET = "image";

/** The id of the image an edit refers to, from original_image or, failing that, a link in the question. */
function originalImageId(req: PictureRequest): string {
  const ref = req.kind.originalImage?.trim();
  if (ref) {
    const id = imageIdOf(ref);
    if (id) return id;
    throw new AppError("invalid_input", "original_image must be the URL or id of one of your images", {
      field: "original_image",
    });
  }
  const inQuestion = linkedImageId(req.question);
  if (inQuestion) return inQuestion;
  throw new AppError("invalid_input", "An edit needs original_image: the URL or id of one of your images", {
    field: "original_image",
  });
}

function describe(image: GeneratedImage, prompt: string, isEdit: boolean): string {
  if (image.description) return image.description;
  return image.revisedPrompt?.trim() || (isEdit ? `Edited picture: ${prompt}` : `Picture: ${prompt}`);
}

/** Steps 3 to 8 of a picture, for the user whose session step 1 found. */
export async function runPicture(host: TurnHost, user: SessionUser, req: PictureRequest): Promise<PictureTaken> {
  const { question } = req;
  const day = quotaDay();
  await ownChat(host, req.chatId, day);

  let original: { id: string; url: string; bytes: Uint8Array; contentType: string } | null = null;
  if (req.kind.isEdit) {
    const id = originalImageId(req);
    const row = await getImage({ db: host.state.chatDb(), id, userId: user.id });
    const object = row ? await host.env.IMAGES.get(row.r2Key) : null;
    if (!row || !object) throw new AppError("not_found", "Image not found", { field: "original_image" });
    original = {
      id: row.id,
      url: imageUrlOf(row.id),
      bytes: new Uint8Array(await object.arrayBuffer()),
      contentType: row.contentType,
    };
  }
  const prompt = imagePromptOf(question);
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
      await host.state.writeChats((chats) =>
        saveTurn(
          { main: host.db, chats },
          {
            userId: user.id,
            chatId: req.chatId,
            messages: items,
            usage: { day, bucket: IMAGE_BUCKET, count: host.state.usage.stored(day, IMAGE_BUCKET) },
            metrics: {
              day,
              model: IMAGE_BUCKET,
              provider: source.provider,
              error: null,
              ttftMs: null,
              inputTokens: 0,
              outputTokens: 0,
              search: false,
              image: true,
            },
            image: {
              createdAt: now,
              row: {
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
            },
          },
        ),
      );
    } catch (err) {
      // No row, no object: an image nobody can read must not linger in R2.
      await host.env.IMAGES.delete(r2Key);
      throw err;
    }
    host.state.chats.append(
      req.chatId,
      items.map((m) => ({ messageId: m.messageId, sender: m.sender, message: m.message })),
    );
    const picture: ImageResult = {
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
    return { kind: "image", picture };
  } catch (err) {
    host.state.usage.refund(day, IMAGE_BUCKET);
    throw err;
  }
}
