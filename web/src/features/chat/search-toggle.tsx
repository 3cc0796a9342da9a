// The web search toggle by the input: while pressed, every question is answered from a web search, with its
// numbered sources. Its own file so the input box stays small while other controls join it.
import { useAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { IconGlobe } from "../ui/icons";
import { searchModeAtom } from "./chat.atoms";

export function SearchToggle() {
  const { t } = useTranslation();
  const [on, setOn] = useAtom(searchModeAtom);
  return (
    <button
      type="button"
      className={`composer__btn composer__btn--toggle${on ? " is-on" : ""}`}
      data-testid="search-toggle"
      aria-pressed={on}
      aria-label={t("conversation.searchToggle")}
      data-tooltip={t("conversation.searchToggle")}
      onClick={() => setOn(!on)}
    >
      <IconGlobe size={18} />
    </button>
  );
}
