// "Use prompt", for the library's prompts and the user's own alike: counts a library prompt's use (for "most popular";
// a failure does not stop the user), starts a new chat and puts the prompt's text into its input box, its {{blanks}}
// filled with the values the blanks form gave (blanks-dialog.tsx), ready to edit and send.
import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { fillPromptBlanks } from "../../../../worker/protocol/prompt-blanks";
import { draftAtom } from "../chat/chat.atoms";
import { useNewChat } from "../layout/sidebar";
import { promptKeys, recordPromptUse } from "./prompts.queries";

/** A prompt about to be used: a library prompt's (its use is counted by id) or one of the user's own. */
export interface PromptToUse {
  title: string;
  text: string;
  /** The library prompt's id; none for the user's own prompts. */
  libraryId?: string;
}

export function useUsePrompt() {
  const queryClient = useQueryClient();
  const setDraft = useSetAtom(draftAtom);
  const newChat = useNewChat();
  return (prompt: PromptToUse, values: Readonly<Record<string, string>> = {}) => {
    if (prompt.libraryId) {
      recordPromptUse(prompt.libraryId)
        .then(() => queryClient.invalidateQueries({ queryKey: promptKeys.all }))
        .catch(() => {});
    }
    setDraft(fillPromptBlanks(prompt.text, values));
    newChat();
  };
}
