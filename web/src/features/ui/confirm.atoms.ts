// One confirmation dialog for the whole app, driven by an atom: `confirm()` opens it and resolves true or false,
// so a delete handler reads as `if (await confirm(...)) remove()`.
import { atom, getDefaultStore } from "jotai";

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
}

interface PendingConfirm extends ConfirmRequest {
  resolve: (ok: boolean) => void;
}

export const confirmAtom = atom<PendingConfirm | null>(null);

export function confirm(request: ConfirmRequest, store = getDefaultStore()): Promise<boolean> {
  store.get(confirmAtom)?.resolve(false); // a new question cancels an unanswered one
  return new Promise((resolve) => store.set(confirmAtom, { ...request, resolve }));
}

export function answerConfirm(ok: boolean, store = getDefaultStore()): void {
  const pending = store.get(confirmAtom);
  if (!pending) return;
  store.set(confirmAtom, null);
  pending.resolve(ok);
}
