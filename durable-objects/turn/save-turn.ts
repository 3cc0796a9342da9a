// The end of every turn, whatever its kind: what it made reaches D1 in one batch, one round trip. Its messages (the
// question, when the turn wrote one, and the answer), the day's count of the use it took, as the object counts it,
// and for a picture the image's row, which ties the stored object to its owner, its chat and its answer.
import type { Db } from "../../worker/db/client";
import { insertImageStatement, type NewImage } from "../../worker/db/images";
import { type MessageInput, saveMessagesStatements } from "../../worker/db/messages";
import { usageCountStatement } from "../../worker/db/usage";

export interface TurnWrites {
  userId: string;
  chatId: string;
  /** In order: the question first, when the turn wrote one. */
  messages: MessageInput[];
  /** The use the turn took: its quota day and bucket, and the object's count of it now. */
  usage: { day: string; bucket: string; count: number } | null;
  /** A picture's row (the image turn). */
  image?: { row: NewImage; createdAt: number };
}

export async function saveTurn(db: Db, writes: TurnWrites): Promise<void> {
  const { userId, chatId, usage, image } = writes;
  const [first, ...rest] = [
    ...(image ? [insertImageStatement({ db, image: image.row, createdAt: image.createdAt })] : []),
    ...saveMessagesStatements({ db, userId, chatId, items: writes.messages }),
    ...(usage ? [usageCountStatement({ db, userId, ...usage })] : []),
  ];
  if (!first) return;
  await db.batch([first, ...rest]);
}
