// Fenced code in an answer: a header with the language and a copy button above the code.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** How long the copy button says "copied", in milliseconds. */
export const COPIED_FEEDBACK_MS = 2000;

export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return; // no clipboard (insecure origin) or permission refused: the label simply does not change
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
  }

  return (
    <button type="button" className="md-code__copy" data-copied={copied || undefined} onClick={() => void copy()}>
      {copied ? t("markdown.copied") : t("markdown.copy")}
    </button>
  );
}

export function CodeBlock({ language, text }: { language: string | null; text: string }) {
  return (
    <div className="md-code">
      <div className="md-code__header">
        <span className="md-code__lang">{language ?? ""}</span>
        {/* the final line break is not part of what the user copies */}
        <CopyButton text={text.endsWith("\n") ? text.slice(0, -1) : text} />
      </div>
      <pre>
        <code className={language ? `language-${language}` : undefined}>{text}</code>
      </pre>
    </div>
  );
}
