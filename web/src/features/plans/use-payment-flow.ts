// Runs one payment: creates the order when the dialog opens, asks POST /payments/verify every 3 s while the transfer
// is awaited (and at once when the socket says the plan changed), refreshes everything plan-dependent once it is
// paid, then counts the success screen down and closes. The states themselves live in payment-flow.ts.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useReducer } from "react";
import type { PackageType } from "../../../../worker/protocol/payments";
import { ApiError } from "../../lib/api";
import { getStoredUser } from "../auth/every-page/session";
import { initialPaymentState, PAID_SCREEN_MS, paymentReducer, POLL_INTERVAL_MS } from "./payment-flow";
import { createOrder, refreshPlan, verifyOrder } from "./plans.queries";

/** Longest wait for one poll's answer, in ms: 5 s, against the ~0.1 s a verify takes. */
const POLL_TIMEOUT_MS = 5_000;

export function usePaymentFlow(input: { packageType: PackageType; onDone: () => void; planVersion: unknown }) {
  const { packageType, onDone, planVersion } = input;
  const qc = useQueryClient();
  const [state, dispatch] = useReducer(paymentReducer, initialPaymentState);

  // generating: one order per attempt ("retry" goes back here)
  const generating = state.phase === "generating";
  useEffect(() => {
    if (!generating) return;
    const ctrl = new AbortController();
    createOrder(packageType, ctrl.signal).then(
      ({ order, payment }) => dispatch({ type: "created", order, payment, now: Date.now() }),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        dispatch({
          type: "failed",
          code: err instanceof ApiError ? err.code : "unknown",
          detail: err instanceof Error ? err.message : String(err),
        });
      },
    );
    return () => ctrl.abort();
  }, [generating, packageType]);

  // verifying: poll, and tick the timer each second
  const verifying = state.phase === "verifying" ? state : null;
  const orderCode = verifying?.order.code;
  const amount = verifying?.order.amount;
  useEffect(() => {
    if (!orderCode || amount === undefined) return;
    const ctrl = new AbortController();
    let inFlight = false;
    const check = () => {
      if (inFlight) return;
      inFlight = true;
      // a poll that gets no answer is given up after POLL_TIMEOUT_MS, so it cannot hold back every later one
      const one = new AbortController();
      const giveUp = () => one.abort();
      ctrl.signal.addEventListener("abort", giveUp);
      const timer = setTimeout(giveUp, POLL_TIMEOUT_MS);
      verifyOrder({ userId: getStoredUser()?.id, packageType, amount, orderCode }, one.signal)
        .then((r) => dispatch({ type: "checked", status: r.payment_status, order: r.order, payment: r.payment }))
        .catch(() => {
          // a lost or abandoned poll is retried at the next interval
        })
        .finally(() => {
          inFlight = false;
          clearTimeout(timer);
          ctrl.signal.removeEventListener("abort", giveUp);
        });
    };
    const poll = setInterval(check, POLL_INTERVAL_MS);
    const tick = setInterval(() => dispatch({ type: "tick", now: Date.now() }), 1_000);
    return () => {
      ctrl.abort();
      clearInterval(poll);
      clearInterval(tick);
    };
  }, [orderCode, amount, packageType]);

  // a plan change pushed by the socket (the webhook just paid) is checked at once rather than at the next poll
  useEffect(() => {
    if (!orderCode || amount === undefined) return;
    const ctrl = new AbortController();
    verifyOrder({ userId: getStoredUser()?.id, packageType, amount, orderCode }, ctrl.signal)
      .then((r) => dispatch({ type: "checked", status: r.payment_status, order: r.order, payment: r.payment }))
      .catch(() => {});
    return () => ctrl.abort();
  }, [planVersion, orderCode, amount, packageType]);

  // paid: the plan changes everywhere, then the success screen
  const paid = state.phase === "paid";
  useEffect(() => {
    if (!paid) return;
    void refreshPlan(qc);
    const timer = setTimeout(() => dispatch({ type: "celebrate" }), PAID_SCREEN_MS);
    return () => clearTimeout(timer);
  }, [paid, qc]);

  // success: count down and close
  const secondsLeft = state.phase === "success" ? state.secondsLeft : null;
  useEffect(() => {
    if (secondsLeft === null) return;
    if (secondsLeft <= 0) {
      onDone();
      return;
    }
    const timer = setTimeout(() => dispatch({ type: "countdown" }), 1_000);
    return () => clearTimeout(timer);
  }, [secondsLeft, onDone]);

  const drawFailed = useCallback(
    (err: unknown) => dispatch({ type: "drawFailed", detail: err instanceof Error ? err.message : String(err) }),
    [],
  );
  return { state, retry: () => dispatch({ type: "retry" }), drawFailed };
}
