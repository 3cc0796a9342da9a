// The header's search button and the search shortcuts. In an open chat the button shows the find bar (search inside
// this chat); Ctrl/⌘+F there does the same, in place of the browser's find-in-page, which cannot see the messages the
// virtualized list has not mounted. Ctrl/⌘+K anywhere opens the chat search screen (/search).
import { useNavigate, useParams } from "@tanstack/react-router";
import { useAtom } from "jotai";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { findOpenAtom } from "./chat.atoms";
import { IconSearch } from "./conversation-icons";

export function FindInChatButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { chatId } = useParams({ strict: false });
  const [open, setOpen] = useAtom(findOpenAtom);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      const key = e.key.toLowerCase();
      if (key === "k") {
        e.preventDefault();
        void navigate({ to: "/search" });
      } else if (key === "f" && chatId) {
        e.preventDefault();
        setOpen(true);
        document.getElementById("find-in-chat")?.focus(); // already open: back to its box
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [chatId, navigate, setOpen]);

  if (!chatId) return null;
  return (
    <button
      type="button"
      className="icon-btn"
      data-testid="find-in-chat-open"
      aria-label={t("conversation.findInChat")}
      data-tooltip={t("conversation.findInChat")}
      data-tooltip-side="left"
      aria-pressed={open}
      onClick={() => setOpen(!open)}
    >
      <IconSearch size={20} />
    </button>
  );
}
