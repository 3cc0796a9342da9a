// One prompt in the library's lists: its title, description, category and use count; opens the prompt's detail.
import type { Prompt } from "../../../../worker/protocol/prompts";
import { useLibraryTexts } from "./library-texts";

export function PromptCard({ prompt, onOpen }: { prompt: Prompt; onOpen: (p: Prompt) => void }) {
  const { t } = useLibraryTexts();
  return (
    <li>
      <button
        type="button"
        className="prompt-card"
        data-testid="prompt-card"
        data-id={prompt.id}
        aria-label={t("prompts.open", { title: prompt.title })}
        onClick={() => onOpen(prompt)}
      >
        <span className="prompt-card__title">{prompt.title}</span>
        <span className="prompt-card__desc">{prompt.description}</span>
        <span className="prompt-card__meta">
          {prompt.category_name} · {t("prompts.uses", { count: prompt.uses })}
        </span>
      </button>
    </li>
  );
}
