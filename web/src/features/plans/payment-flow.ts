// The payment dialog's states as a pure reducer (generating QR, verifying with a timer, paid, upgrade
// success with an auto-closing countdown), plus 'Error generating QR' and an order whose QR expired. The dialog's
// hook (use-payment-flow.ts) feeds it the API's answers and the clock; everything it shows follows from here.
import type { CreateOrderBody, Order, OrderStatus } from "../../../../worker/protocol/payments";

export type Payment = CreateOrderBody["data"]["payment"];

/** How often the dialog asks POST /payments/verify while waiting for the transfer: every 3 s. */
export const POLL_INTERVAL_MS = 3_000;
/** How long "Payment received" shows before the upgrade-success screen: 1.5 s. */
export const PAID_SCREEN_MS = 1_500;
/** The success screen closes the dialog by itself after this many seconds. */
export const SUCCESS_CLOSE_SECONDS = 5;

/** The error code of a payload the QR library could not draw (not an API code). */
export const QR_DRAW_FAILED = "qr_draw_failed";

export type PaymentState =
  | { phase: "generating" }
  | { phase: "verifying"; order: Order; payment: Payment; startedAt: number; now: number }
  | { phase: "paid"; order: Order }
  | { phase: "success"; order: Order; secondsLeft: number }
  | { phase: "expired"; order: Order }
  | { phase: "error"; code: string; detail: string };

export type PaymentEvent =
  | { type: "created"; order: Order; payment: Payment; now: number }
  | { type: "checked"; status: OrderStatus; order: Order; payment: Payment | null }
  | { type: "failed"; code: string; detail: string }
  /** The QR library could not draw the payload. */
  | { type: "drawFailed"; detail: string }
  | { type: "tick"; now: number }
  | { type: "celebrate" }
  | { type: "countdown" }
  | { type: "retry" };

export const initialPaymentState: PaymentState = { phase: "generating" };

export function paymentReducer(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case "retry":
      return initialPaymentState;
    case "created":
      if (state.phase !== "generating") return state;
      if (event.order.status === "paid") return { phase: "paid", order: event.order };
      return { phase: "verifying", order: event.order, payment: event.payment, startedAt: event.now, now: event.now };
    case "failed":
      // a failure while generating shows 'Error generating QR'; later failures (a poll) are retried quietly
      return state.phase === "generating" ? { phase: "error", code: event.code, detail: event.detail } : state;
    case "drawFailed":
      return state.phase === "verifying" ? { phase: "error", code: QR_DRAW_FAILED, detail: event.detail } : state;
    case "checked":
      if (state.phase !== "verifying" || event.order.code !== state.order.code) return state;
      if (event.status === "paid") return { phase: "paid", order: event.order };
      if (event.status === "expired" || event.status === "cancelled") return { phase: "expired", order: event.order };
      return { ...state, order: event.order, payment: event.payment ?? state.payment };
    case "tick":
      return state.phase === "verifying" ? { ...state, now: event.now } : state;
    case "celebrate":
      return state.phase === "paid"
        ? { phase: "success", order: state.order, secondsLeft: SUCCESS_CLOSE_SECONDS }
        : state;
    case "countdown":
      return state.phase === "success" ? { ...state, secondsLeft: Math.max(0, state.secondsLeft - 1) } : state;
  }
}

/** The verifying timer: time left until the order's QR expires (mm:ss), or the time spent waiting when it has no expiry. */
export function verifyingClock(state: Extract<PaymentState, { phase: "verifying" }>): {
  kind: "left" | "elapsed";
  seconds: number;
} {
  const expires = state.order.expires_at ? Date.parse(state.order.expires_at) : Number.NaN;
  if (Number.isFinite(expires)) return { kind: "left", seconds: Math.max(0, Math.ceil((expires - state.now) / 1000)) };
  return { kind: "elapsed", seconds: Math.max(0, Math.floor((state.now - state.startedAt) / 1000)) };
}

export function formatClock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}
