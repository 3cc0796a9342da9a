// What the rest of the app needs from the chat's actions without loading them: letting go of a running answer's
// stream at logout. Sending, editing, regenerating and stopping load with the chat screen's first use of them
// (use-chat-actions.ts): send-message.ts, edit-actions.ts, answer-turn.ts.
export { abortActiveStream } from "./active-stream";
export type { ChatDeps } from "./answer-turn";
