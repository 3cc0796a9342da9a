// A failed answer's request id under its error, for the user to quote to support. Loaded only when a chat shows one.
// Its words are in the errors' texts, which a chat opened with a failed answer in it (the id saved with the message)
// has not loaded yet: they load here first.
import { useTranslation } from "react-i18next";
import { ERRORS_NS } from "../../../lib/i18n";

export function RequestIdNote({ id }: { id: string }) {
  const { t } = useTranslation(ERRORS_NS);
  return (
    <small className="msg__request-id" data-testid="message-request-id">
      {t("request_id", { id })}
    </small>
  );
}
