// External models with the user's own API key (premium only): Grok, Llama, Bard, Claude, DeepSeek, Copilot and
// Perplexity. A key is checked once against the provider by the worker, kept encrypted, and shown only by its last
// four characters; remove forgets it. Free users see the list locked, with an upgrade link.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { ExternalModel } from "../../../../worker/protocol/accounts";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/error-message";
import { toast } from "../toast/toast.atoms";
import { IconLock } from "../ui/more-icons";
import { Section } from "./section";
import { connectExternalModel, disconnectExternalModel } from "./settings.api";
import { modelKeys } from "../models/models.queries";
import { externalModelsQuery, settingsKeys } from "./settings.queries";
import { validateApiKey } from "./validation";

export function ModelsTab() {
  const { t } = useTranslation("accounts");
  const { t: tc } = useTranslation();
  const models = useQuery(externalModelsQuery());
  const list = models.data?.providers ?? [];
  const locked = list.length > 0 && list.every((m) => !m.available);

  return (
    <Section title={t("models.title")} description={t("models.hint")} testId="models-section">
      {models.isError ? <p className="notice notice--error">{errorMessage(tc, models.error)}</p> : null}
      {models.isPending ? <div className="spinner" role="status" aria-label={tc("common.loading")} /> : null}
      {locked ? (
        <div className="notice notice--info settings-locked" data-testid="models-locked">
          <IconLock size={16} />
          <span>{t("models.locked")}</span>
          <Link to="/upgrade" className="btn btn--sm btn--primary">
            {t("upgrade")}
          </Link>
        </div>
      ) : null}
      <ul className="settings-list">
        {list.map((m) => (
          <ModelRow key={m.provider} model={m} />
        ))}
      </ul>
    </Section>
  );
}

function ModelRow({ model }: { model: ExternalModel }) {
  const { t } = useTranslation("accounts");
  const { t: tc } = useTranslation();
  const qc = useQueryClient();
  const [key, setKey] = useState("");
  const [error, setError] = useState<string | null>(null);
  // Names with words to translate ("formerly Bard") come from the locale files; brand names are the worker's.
  const name = t(`models.names.${model.provider}`, { defaultValue: model.name });
  // A connected provider is also a model of the switcher (ext-<provider>): the catalogue is refreshed with the list.
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: settingsKeys.externalModels }),
      qc.invalidateQueries({ queryKey: modelKeys.all }),
    ]);
  const save = useMutation({
    mutationFn: (apiKey: string) => connectExternalModel(model.provider, apiKey),
    onSuccess: () => {
      setKey("");
      toast.success(t("models.connected", { name }));
    },
    onError: (err) =>
      setError(
        err instanceof ApiError && err.code === "model_key_rejected"
          ? t("models.rejected", { name })
          : errorMessage(tc, err),
      ),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: () => disconnectExternalModel(model.provider),
    onError: (err) => toast.error(errorMessage(tc, err)),
    onSettled: refresh,
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const rule = validateApiKey(key);
    if (rule) return setError(t(rule));
    setError(null);
    save.mutate(key.trim());
  };

  const inputId = `model-key-${model.provider}`;
  return (
    <li className="settings-list__item settings-list__item--stack" data-testid={`model-${model.provider}`}>
      <div className="settings-list__main">
        <div className="settings-list__title">{name}</div>
        <div className="settings-list__meta" data-testid="model-status">
          {model.connected ? t("models.keyEnding", { last4: model.last4 ?? "" }) : t("models.notConnected")}
        </div>
      </div>
      {model.connected ? (
        <button
          type="button"
          className="btn btn--sm btn--ghost"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
          data-testid="model-remove"
        >
          {t("models.remove")}
        </button>
      ) : model.available ? (
        <form className="settings-inline-form" onSubmit={onSubmit} noValidate>
          <label className="visually-hidden" htmlFor={inputId}>
            {t("models.keyLabel", { name })}
          </label>
          <input
            id={inputId}
            className="input"
            type="password"
            autoComplete="off"
            placeholder={t("models.keyPlaceholder")}
            value={key}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            data-testid="model-key"
            onChange={(e) => setKey(e.target.value)}
          />
          <button
            type="submit"
            className="btn btn--sm btn--primary"
            disabled={save.isPending}
            data-testid="model-connect"
          >
            {save.isPending ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
            {t("models.connect")}
          </button>
          {error ? (
            <p id={`${inputId}-error`} className="field__error" data-testid="model-error">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </li>
  );
}
