// Copying a shared link to the clipboard, and which one a button should show as "Copied" for a moment after. The
// clipboard can refuse (an insecure page, a denied permission): the caller learns it and says so.
import { useEffect, useState } from "react";

/** How long a button says "Copied", in milliseconds. */
const COPIED_MS = 1_500;

export function useCopy() {
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  /** Copies `text`; resolves false when the clipboard refused it. */
  const copy = async (text: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(text);
      return true;
    } catch {
      return false; // no clipboard API here (an insecure page), or the browser said no
    }
  };
  return { copied, copy };
}
