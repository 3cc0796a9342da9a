// The download of the user's data as a small state machine for the section: counting what is coming (the summary),
// receiving the zip with the bytes so far, done with the file's name; Cancel (or leaving Settings) aborts whatever runs.
import { useEffect, useRef, useState } from "react";
import { type ExportSummary, downloadExport, fetchExportSummary, saveFile } from "./data-export.api";

export type ExportState =
  | { step: "idle" }
  | { step: "preparing" }
  | { step: "receiving"; summary: ExportSummary; received: number }
  | { step: "done"; name: string };

/** What the bar shows until the zip is complete, at most: the size is an estimate, so it never claims 100% early. */
export const PROGRESS_CAP = 0.99;

/** The share of the zip received, from 0 to PROGRESS_CAP (the estimate can be off either way). */
export function progressOf(received: number, approximate: number): number {
  if (approximate <= 0) return received > 0 ? PROGRESS_CAP : 0;
  return Math.min(received / approximate, PROGRESS_CAP);
}

export function useDataExport({ onError, onCancelled }: { onError: (err: unknown) => void; onCancelled: () => void }) {
  const [state, setState] = useState<ExportState>({ step: "idle" });
  const running = useRef<AbortController | null>(null);

  // leaving the screen ends the download: nobody would see it finish
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setState({ step: "preparing" });
    try {
      const summary = await fetchExportSummary(controller.signal);
      setState({ step: "receiving", summary, received: 0 });
      const { blob, name } = await downloadExport(controller.signal, (received) =>
        setState({ step: "receiving", summary, received }),
      );
      saveFile(blob, name);
      setState({ step: "done", name });
    } catch (err) {
      setState({ step: "idle" });
      if (controller.signal.aborted) onCancelled();
      else onError(err);
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const cancel = () => running.current?.abort();

  return { state, start, cancel };
}
