// The copy button of code blocks, tables and diagrams in answers: it says "Copied" for a moment after a copy.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** How long the copy button says "copied", in milliseconds. */
export const COPIED_FEEDBACK_MS = 2000;

/** A copy button saying "Copied" for a moment; `label` names what it copies when there is a choice. */
export function CopyButton({ text, label }: { text: string | (() => Promise<string>); label?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(typeof text === "string" ? text : await text());
    } catch {
      return; // no clipboard (insecure origin), permission refused or the text's module did not load: no change
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
  }

  return (
    <button type="button" className="md-code__copy" data-copied={copied || undefined} onClick={() => void copy()}>
      {copied ? t("markdown.copied") : (label ?? t("markdown.copy"))}
    </button>
  );
}
