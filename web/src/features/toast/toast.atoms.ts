// Toasts as UI state in jotai: info, success, warning and error notes that close by themselves after 5 s unless given
// another duration (0 keeps one open), with optional action and close buttons.
// The functions take a store so that non-React code (the chat stream, the socket) can raise toasts too.
import { atom, getDefaultStore } from "jotai";

export type ToastType = "info" | "success" | "warning" | "error";

/** How long a toast stays open by default, in milliseconds (5 s). */
export const TOAST_DEFAULT_MS = 5_000;
/** More than this many toasts at once push the oldest out. */
export const TOAST_MAX_VISIBLE = 4;

export interface ToastInput {
  type: ToastType;
  /** Already translated text. */
  message: string;
  title?: string;
  /** Milliseconds until it closes itself; 0 keeps it until closed. */
  duration?: number;
  action?: { label: string; onClick: () => void };
  /** Show the × button (default true). */
  closable?: boolean;
  /** Toasts with the same key replace each other instead of stacking. */
  key?: string;
}

export interface Toast extends Omit<ToastInput, "duration" | "closable"> {
  id: number;
  duration: number;
  closable: boolean;
}

export const toastsAtom = atom<Toast[]>([]);

type Store = ReturnType<typeof getDefaultStore>;

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(store: Store, id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  store.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
}

export function showToast(store: Store, input: ToastInput): number {
  const id = nextId++;
  const toast: Toast = { ...input, id, duration: input.duration ?? TOAST_DEFAULT_MS, closable: input.closable ?? true };
  const current = store.get(toastsAtom);
  const replaced = input.key ? current.filter((t) => t.key === input.key) : [];
  for (const old of replaced) dismissToast(store, old.id);
  store.set(toastsAtom, (list) => {
    const next = [...list, toast];
    const overflow = next.length - TOAST_MAX_VISIBLE;
    if (overflow > 0) {
      for (const old of next.slice(0, overflow)) {
        const timer = timers.get(old.id);
        if (timer) clearTimeout(timer);
        timers.delete(old.id);
      }
      return next.slice(overflow);
    }
    return next;
  });
  if (toast.duration > 0) {
    timers.set(
      id,
      setTimeout(() => dismissToast(store, id), toast.duration),
    );
  }
  return id;
}

/** Shorthands on the app's default store. */
export const toast = {
  show: (input: ToastInput) => showToast(getDefaultStore(), input),
  info: (message: string, extra?: Partial<ToastInput>) =>
    showToast(getDefaultStore(), { type: "info", message, ...extra }),
  success: (message: string, extra?: Partial<ToastInput>) =>
    showToast(getDefaultStore(), { type: "success", message, ...extra }),
  warning: (message: string, extra?: Partial<ToastInput>) =>
    showToast(getDefaultStore(), { type: "warning", message, ...extra }),
  error: (message: string, extra?: Partial<ToastInput>) =>
    showToast(getDefaultStore(), { type: "error", message, ...extra }),
  dismiss: (id: number) => dismissToast(getDefaultStore(), id),
};
