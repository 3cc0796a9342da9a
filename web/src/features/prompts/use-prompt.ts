// "Use prompt": counts the use (for "most popular"; a failure does not stop the user), starts a new chat and puts the
// prompt's text into its input box, ready to edit and send.
import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { draftAtom } from "../chat/chat.atoms";
import { useNewChat } from "../layout/sidebar";
import type { Prompt } from "../../../../worker/protocol/prompts";
import { promptKeys, recordPromptUse } from "./prompts.queries";

export function useUsePrompt() {
  const queryClient = useQueryClient();
  const setDraft = useSetAtom(draftAtom);
  const newChat = useNewChat();
  return (prompt: Prompt) => {
    recordPromptUse(prompt.id)
      .then(() => queryClient.invalidateQueries({ queryKey: promptKeys.all }))
      .catch(() => {});
    setDraft(prompt.body);
    newChat();
  };
}
