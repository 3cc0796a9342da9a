// The ChatGPT import as the section sees it: a mutation (its result, the worker's summary, is server state) plus where
// it has got to (the file going up, the worker reading it, the conversations written) for the progress bar. Cancel, or
// leaving Settings, aborts it; whatever ends it, the history is fetched again, so the chats written so far show.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { chatKeys } from "../chat/chat.queries";
import { importChatGptExport } from "./chat-import.api";

export type ImportProgress =
  | { step: "uploading"; sent: number; size: number }
  | { step: "reading" }
  | { step: "writing"; done: number; total: number };

/** The bar's value, 0–100: the file sent while it goes up, then the conversations handled of the file's total. */
export function percentOf(progress: ImportProgress): number {
  const share =
    progress.step === "uploading"
      ? progress.sent / Math.max(progress.size, 1)
      : progress.step === "reading"
        ? 1
        : progress.total > 0
          ? progress.done / progress.total
          : 1;
  return Math.round(Math.min(Math.max(share, 0), 1) * 100);
}

export function useChatImport({ onError, onCancelled }: { onError: (err: unknown) => void; onCancelled: () => void }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const running = useRef<AbortController | null>(null);

  // leaving the screen ends the import: the chats written by then stay, and importing again adds the rest
  useEffect(() => () => running.current?.abort(), []);

  const mutation = useMutation({
    mutationFn: async (file: File) => {
      const controller = new AbortController();
      running.current = controller;
      setProgress({ step: "uploading", sent: 0, size: file.size });
      try {
        const summary = await importChatGptExport(file, controller.signal, {
          onUpload: (sent) => setProgress({ step: "uploading", sent, size: file.size }),
          onUploaded: () => setProgress({ step: "reading" }),
          onProgress: (done, total) => setProgress({ step: "writing", done, total }),
        });
        // the bar ends full beside the summary
        setProgress((last) => (last?.step === "writing" ? { ...last, done: last.total } : last));
        return summary;
      } catch (err) {
        setProgress(null);
        if (controller.signal.aborted) onCancelled();
        else onError(err);
        throw err;
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    // written or not, the history is read again: an import cut short has written some chats
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.list() }),
  });

  const start = (file: File) => {
    if (running.current) return;
    mutation.mutate(file);
  };
  const cancel = () => running.current?.abort();
  /** Forgets the last import's outcome (another file was chosen). */
  const reset = () => {
    if (running.current) return;
    mutation.reset();
    setProgress(null);
  };

  return {
    progress,
    summary: mutation.data,
    running: mutation.isPending,
    start,
    cancel,
    reset,
  };
}
