// "My prompts", the library's personal tab: the user's own prompts (searched with the library's search box, here in
// the browser: there are at most 200), each to use, edit or delete (after a confirmation), and a new one to write.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../lib/error-message";
import type { UserPrompt } from "../../../../worker/protocol/prompts";
import { confirm } from "../ui/confirm.atoms";
import { toast } from "../toast/toast.atoms";
import { useLibraryTexts } from "./library-texts";
import { MyPromptDialog, type MyPromptEditing } from "./my-prompt-dialog";
import { myPromptCalls, myPromptsQuery, promptKeys } from "./prompts.queries";
import type { PromptToUse } from "./use-prompt";

/** Lowercase without accents (and đ as d), so "thu" finds "Thư" as the library's search does. */
const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").replace(/đ/gi, "d").toLowerCase();

export function MyPrompts({ search, onUse }: { search: string; onUse: (p: PromptToUse) => void }) {
  const { t } = useLibraryTexts();
  const { t: tMain } = useTranslation();
  const qc = useQueryClient();
  const mine = useQuery(myPromptsQuery());
  const [editing, setEditing] = useState<MyPromptEditing>(null);
  const remove = useMutation({
    mutationFn: (id: string) => myPromptCalls.remove(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: promptKeys.mine }),
    onError: (err) => toast.error(errorMessage(tMain, err)),
  });

  const words = fold(search).split(/\s+/).filter(Boolean);
  const all = mine.data?.items ?? [];
  const items = all.filter((p) => {
    const hay = fold(`${p.title} ${p.text}`);
    return words.every((w) => hay.includes(w));
  });
  const full = mine.data !== undefined && all.length >= mine.data.limit;

  const askRemove = async (p: UserPrompt) => {
    const ok = await confirm({
      title: t("prompts.mine.deleteTitle"),
      message: t("prompts.mine.deleteConfirm", { title: p.title }),
      confirmLabel: tMain("common.delete"),
      cancelLabel: tMain("common.cancel"),
      danger: true,
    });
    if (ok) remove.mutate(p.id);
  };

  return (
    <section className="prompts__section" data-testid="my-prompts">
      <div className="my-prompts__bar">
        <p className="prompts__intro">
          {mine.data ? t("prompts.mine.count", { n: all.length, limit: mine.data.limit }) : null}
        </p>
        <button
          type="button"
          className="btn btn--primary"
          data-testid="my-prompt-new"
          disabled={!mine.data || full}
          onClick={() => setEditing("new")}
        >
          {t("prompts.mine.new")}
        </button>
      </div>
      {mine.isError ? (
        <div className="notice notice--error" role="alert">
          {errorMessage(tMain, mine.error)}
        </div>
      ) : null}
      {mine.isPending ? <span className="spinner" aria-hidden="true" /> : null}
      {mine.isSuccess && items.length === 0 ? (
        <p className="prompts__empty" data-testid="my-prompts-empty" role="status">
          {all.length ? t("prompts.empty") : t("prompts.mine.empty")}
        </p>
      ) : null}
      <ul className="prompts__grid" data-testid="my-prompts-list">
        {items.map((p) => (
          <li key={p.id} className="prompt-card my-prompt" data-testid="my-prompt" data-id={p.id}>
            <span className="prompt-card__title">{p.title}</span>
            <span className="prompt-card__desc my-prompt__text">{p.text}</span>
            <span className="my-prompt__actions">
              <button
                type="button"
                className="btn btn--primary btn--sm"
                data-testid="my-prompt-use"
                aria-label={t("prompts.mine.useNamed", { title: p.title })}
                onClick={() => onUse({ title: p.title, text: p.text })}
              >
                {t("prompts.use")}
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                data-testid="my-prompt-edit"
                aria-label={t("prompts.mine.editNamed", { title: p.title })}
                onClick={() => setEditing(p)}
              >
                {t("prompts.mine.edit")}
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                data-testid="my-prompt-delete"
                aria-label={t("prompts.mine.deleteNamed", { title: p.title })}
                disabled={remove.isPending}
                onClick={() => void askRemove(p)}
              >
                {tMain("common.delete")}
              </button>
            </span>
          </li>
        ))}
      </ul>
      <MyPromptDialog editing={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
