// A labelled form field with its error announced to screen readers, and a show/hide switch for passwords.
import { type InputHTMLAttributes, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconEye } from "../ui/icons";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  error?: string;
  name: string;
}

export function Field({ label, error, name, type = "text", ...input }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [shown, setShown] = useState(false);
  const isPassword = type === "password";
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          name={name}
          type={isPassword && shown ? "text" : type}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={`field-${name}`}
          {...input}
        />
        {isPassword ? (
          <button
            type="button"
            className="field__reveal icon-btn"
            aria-label={shown ? t("passwordField.hide") : t("passwordField.show")}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            <IconEye size={18} off={shown} />
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="field__error" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
