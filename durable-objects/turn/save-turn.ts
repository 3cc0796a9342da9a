// The end of every turn, whatever its kind: what it made reaches D1, one round trip's wait. Its messages (the
// question, when the turn wrote one, and the answer) and for a picture the image's row, which ties the stored object
// to its owner, its chat and its answer, go to the user's chat shard in one batch; the day's count of the use it took,
// as the object counts it, goes to the main database at the same time. The count is the object's running total, so a
// count written without its messages (or the reverse) is made whole by the next turn's write. The turn's figures for
// the operator (worker/db/usage-rollups.ts) ride in the main database's batch; they are added, not set, so a turn
// saved again after a failure leaves them out once they are in (TurnSaveError says whether they are).
import type { Db } from "../../worker/db/client";
import { statementOf } from "../../worker/db/compiled-statement";
import { insertImageStatement, type NewImage } from "../../worker/db/images";
import { type MessageInput, saveMessagesStatements } from "../../worker/db/messages";
import { usageCountStatement } from "../../worker/db/usage";
import { type TurnMetrics, turnMetricsStatements } from "../../worker/db/usage-rollups";

export interface TurnWrites {
  userId: string;
  chatId: string;
  /** In order: the question first, when the turn wrote one. */
  messages: MessageInput[];
  /** The use the turn took: its quota day and bucket, and the object's count of it now. */
  usage: { day: string; bucket: string; count: number } | null;
  /** A picture's row (the image turn). */
  image?: { row: NewImage; createdAt: number };
  /** The chat then shows the branch through this message (a turn that wrote a new version). */
  showBranch?: string;
  /** What the turn adds to the day's usage figures; absent when they are already in (an earlier save's). */
  metrics?: TurnMetrics;
}

/** One of the turn's two writes failed; `metricsSaved` says whether its figures reached the main database. */
export class TurnSaveError extends Error {
  constructor(
    readonly metricsSaved: boolean,
    cause: unknown,
  ) {
    super("the turn's writes did not all reach D1", { cause });
    this.name = "TurnSaveError";
  }
}

export async function saveTurn(dbs: { main: Db; chats: Db }, writes: TurnWrites): Promise<void> {
  const { main, chats } = dbs;
  const { userId, chatId, usage, image, metrics } = writes;
  const chatsStatements = [
    ...(image
      ? [statementOf(chats, insertImageStatement({ db: chats, image: image.row, createdAt: image.createdAt }))]
      : []),
    ...saveMessagesStatements({ db: chats, userId, chatId, items: writes.messages, showBranch: writes.showBranch }),
  ];
  const mainStatements = [
    ...(usage ? [usageCountStatement(main, { userId, ...usage })] : []),
    ...(metrics ? turnMetricsStatements({ db: main, metrics }) : []),
  ];
  const [chatsWrite, mainWrite] = await Promise.allSettled([
    chatsStatements.length > 0 && chats.$client.batch(chatsStatements),
    mainStatements.length > 0 && main.$client.batch(mainStatements),
  ]);
  const failed = [chatsWrite, mainWrite].find((r) => r.status === "rejected");
  if (failed) throw new TurnSaveError(metrics !== undefined && mainWrite.status === "fulfilled", failed.reason);
}
