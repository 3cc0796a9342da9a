// One line of the transfer (account number, amount, memo) with a copy button, so nothing has to be retyped.
import { useEffect, useState } from "react";
import { IconCheck, IconCopy } from "../ui/icons";
import "./plans.css";
import { usePlansTexts } from "./plans-texts";

/** How long the button says "Copied", in milliseconds. */
const COPIED_MS = 1_500;

export function CopyField({
  label,
  value,
  shown,
  testId,
}: {
  label: string;
  value: string;
  shown?: string;
  testId: string;
}) {
  const { t } = usePlansTexts();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="copy-field">
      <dt className="copy-field__label">{label}</dt>
      <dd className="copy-field__value">
        <span data-testid={testId}>{shown ?? value}</span>
        <button
          type="button"
          className="icon-btn icon-btn--sm"
          data-testid={`${testId}-copy`}
          aria-label={copied ? t("payment.copied") : t("payment.copy", { field: label })}
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => {},
            );
          }}
        >
          {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
        </button>
      </dd>
    </div>
  );
}
