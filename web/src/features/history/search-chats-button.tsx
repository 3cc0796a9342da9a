// The sidebar's "search" entry: opens the chat search screen (/search; also Ctrl/⌘+K).
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { IconSearch } from "../chat/conversation-icons";

export function SearchChatsButton({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Link to="/search" className="sidebar__link sidebar__search" data-testid="open-search" onClick={onNavigate}>
      <IconSearch size={18} />
      <span>{t("conversation.searchTitle")}</span>
    </Link>
  );
}
