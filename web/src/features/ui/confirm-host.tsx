// Renders the app's single confirmation dialog (see confirm.atoms.ts).
import { useAtomValue } from "jotai";
import { answerConfirm, confirmAtom } from "./confirm.atoms";
import { Dialog } from "./dialog";
import { IconWarning } from "./icons";

export function ConfirmHost() {
  const pending = useAtomValue(confirmAtom);
  return (
    <Dialog
      open={pending !== null}
      onClose={() => answerConfirm(false)}
      role="alertdialog"
      testId="confirm-dialog"
      title={pending?.title ?? ""}
      description={pending?.message}
      icon={pending?.danger ? <IconWarning size={22} /> : undefined}
      footer={
        <>
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="confirm-cancel"
            onClick={() => answerConfirm(false)}
          >
            {pending?.cancelLabel}
          </button>
          <button
            type="button"
            className={pending?.danger ? "btn btn--danger" : "btn btn--primary"}
            data-testid="confirm-ok"
            autoFocus
            onClick={() => answerConfirm(true)}
          >
            {pending?.confirmLabel}
          </button>
        </>
      }
    />
  );
}
