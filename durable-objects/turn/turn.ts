// One turn: the single pipeline every kind of answer goes through, run inside the user's Durable Object
// (durable-objects/user-hub.ts), which holds the user's hot state, so none of its steps waits on D1 except the first
// turn in a chat the object has not seen (one batch: the chat, its recent messages and, on a new day, the day's
// counters). The routes (worker/routes/chat.ts) only check the request (the question among it) and hand it over.
//
//   1. session      the call's session is active and the payload names its user, if any (steps.ts)
//   2-7.            the kind's own steps, which share the chat's ownership and the day's use (steps.ts):
//                   an answer (answer.ts) — a question, an edit or a regenerated answer, streamed by the model, with
//                   search, the user's own key or files as variations; or a picture (picture.ts) — drawn or edited
//   end             what the turn made reaches D1 in one batch (save-turn.ts)
import { type AnswerRequest, type AnswerStarted, runAnswer } from "./answer";
import { type PictureRequest, type PictureTaken, runPicture } from "./picture";
import { begin, type TurnHost } from "./steps";

export type { AnswerRequest, AnswerStarted } from "./answer";
export type { PictureRequest, PictureTaken } from "./picture";
export { type TurnHost, turnHost } from "./steps";

export type TurnRequest = AnswerRequest | PictureRequest;
export type TurnStarted = AnswerStarted | PictureTaken;

export function runTurn(host: TurnHost, req: PictureRequest): Promise<PictureTaken>;
export function runTurn(host: TurnHost, req: AnswerRequest): Promise<AnswerStarted>;
export function runTurn(host: TurnHost, req: TurnRequest): Promise<TurnStarted>;
export async function runTurn(host: TurnHost, req: TurnRequest): Promise<TurnStarted> {
  const user = await begin(host, req);
  return isPicture(req) ? runPicture(host, user, req) : runAnswer(host, user, req);
}

function isPicture(req: TurnRequest): req is PictureRequest {
  return req.kind?.type === "image";
}
