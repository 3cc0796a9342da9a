// The building blocks every settings tab is made of: a titled section and a labelled switch row.
import { type ReactNode, useId } from "react";

export function Section({
  title,
  description,
  children,
  testId,
  tone,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** "danger": the red frame of a section whose action cannot be undone (deleting the account). */
  tone?: "danger";
}) {
  const id = useId();
  return (
    <section
      className={tone ? `settings-section settings-section--${tone}` : "settings-section"}
      aria-labelledby={id}
      data-testid={testId}
    >
      <h2 id={id} className="settings-section__title">
        {title}
      </h2>
      {description ? <p className="settings-section__description">{description}</p> : null}
      {children}
    </section>
  );
}

export function SwitchRow({
  label,
  hint,
  checked,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const hintId = useId();
  return (
    <label className="settings-switch">
      <span className="settings-switch__text">
        <span>{label}</span>
        {hint ? (
          <span id={hintId} className="settings-switch__hint">
            {hint}
          </span>
        ) : null}
      </span>
      <input
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        aria-checked={checked}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        data-testid={testId}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  );
}
