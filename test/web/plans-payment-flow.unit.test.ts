// @vitest-environment node
// The payment dialog's states: generating → verifying (with its timer) → paid → success with a countdown, the QR
// error, an expired code, and answers that arrive too late or for another order changing nothing.
import { describe, expect, it } from "vitest";
import type { Order } from "../../worker/protocol/payments";
import {
  formatClock,
  initialPaymentState,
  type Payment,
  paymentReducer,
  type PaymentState,
  QR_DRAW_FAILED,
  SUCCESS_CLOSE_SECONDS,
  verifyingClock,
} from "../../web/src/features/plans/payment-flow";

const T0 = Date.parse("2026-03-31T10:00:00Z");

function order(over: Partial<Order> = {}): Order {
  return {
    id: "o1",
    code: "MAYK7Q2XD9P",
    package_type: "BS_1Y",
    amount: 1_428_000,
    currency: "VND",
    status: "pending",
    created_at: new Date(T0).toISOString(),
    expires_at: new Date(T0 + 15 * 60_000).toISOString(),
    paid_at: null,
    transaction_id: null,
    ...over,
  };
}

const payment: Payment = {
  qr_payload: "000201010212...6304ABCD",
  bank_bin: "970436",
  bank_name: "Vietcombank",
  account_number: "1234567890",
  account_name: "MAY DEMO",
  amount: 1_428_000,
  currency: "VND",
  memo: "MAYK7Q2XD9P",
};

function verifying(): PaymentState {
  return paymentReducer(initialPaymentState, { type: "created", order: order(), payment, now: T0 });
}

describe("paymentReducer", () => {
  it("starts by generating the QR and shows it once the order exists", () => {
    expect(initialPaymentState.phase).toBe("generating");
    expect(verifying()).toMatchObject({ phase: "verifying", startedAt: T0, payment });
  });

  it("turns a failed order into 'Error generating QR', and retry starts again", () => {
    const failed = paymentReducer(initialPaymentState, {
      type: "failed",
      code: "rate_limited",
      detail: "Too many payment orders",
    });
    expect(failed).toEqual({ phase: "error", code: "rate_limited", detail: "Too many payment orders" });
    expect(paymentReducer(failed, { type: "retry" })).toEqual(initialPaymentState);
  });

  it("shows the QR error when the code cannot be drawn", () => {
    expect(paymentReducer(verifying(), { type: "drawFailed", detail: "too long" })).toMatchObject({
      phase: "error",
      code: QR_DRAW_FAILED,
    });
  });

  it("keeps verifying while the order is pending; a failed poll changes nothing", () => {
    const s = verifying();
    expect(paymentReducer(s, { type: "checked", status: "pending", order: order(), payment })).toMatchObject({
      phase: "verifying",
    });
    expect(paymentReducer(s, { type: "failed", code: "network_error", detail: "offline" })).toBe(s);
  });

  it("goes paid → success with the countdown, which stops at zero", () => {
    const paid = paymentReducer(verifying(), {
      type: "checked",
      status: "paid",
      order: order({ status: "paid" }),
      payment: null,
    });
    expect(paid.phase).toBe("paid");
    let s = paymentReducer(paid, { type: "celebrate" });
    expect(s).toMatchObject({ phase: "success", secondsLeft: SUCCESS_CLOSE_SECONDS });
    for (let i = 0; i < SUCCESS_CLOSE_SECONDS + 2; i++) s = paymentReducer(s, { type: "countdown" });
    expect(s).toMatchObject({ phase: "success", secondsLeft: 0 });
  });

  it("ends at 'expired' when the order's QR is no longer offered", () => {
    const s = paymentReducer(verifying(), {
      type: "checked",
      status: "expired",
      order: order({ status: "expired" }),
      payment: null,
    });
    expect(s.phase).toBe("expired");
  });

  it("ignores an answer about another order, or one arriving after success", () => {
    const s = verifying();
    expect(
      paymentReducer(s, { type: "checked", status: "paid", order: order({ code: "MAYOTHER0001" }), payment: null }),
    ).toBe(s);
    const success = paymentReducer(
      paymentReducer(s, { type: "checked", status: "paid", order: order(), payment: null }),
      { type: "celebrate" },
    );
    expect(paymentReducer(success, { type: "checked", status: "pending", order: order(), payment })).toBe(success);
  });
});

describe("the verifying timer", () => {
  it("counts down to the QR's expiry", () => {
    const s = paymentReducer(verifying(), { type: "tick", now: T0 + 61_500 });
    if (s.phase !== "verifying") throw new Error("not verifying");
    expect(verifyingClock(s)).toEqual({ kind: "left", seconds: 839 });
    expect(formatClock(839)).toBe("13:59");
  });

  it("counts the waiting time when the order has no expiry, and never goes below zero", () => {
    const s = paymentReducer(
      paymentReducer(initialPaymentState, { type: "created", order: order({ expires_at: null }), payment, now: T0 }),
      {
        type: "tick",
        now: T0 + 75_000,
      },
    );
    if (s.phase !== "verifying") throw new Error("not verifying");
    expect(verifyingClock(s)).toEqual({ kind: "elapsed", seconds: 75 });
    const late = { ...s, order: order(), now: T0 + 60 * 60_000 };
    expect(verifyingClock(late)).toEqual({ kind: "left", seconds: 0 });
    expect(formatClock(0)).toBe("00:00");
  });
});
