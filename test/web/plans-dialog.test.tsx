// The payment dialog against a scripted API: it creates the order and draws its VietQR code with the amount, the
// account and the memo; it keeps asking /payments/verify; once paid it says so, refreshes the plan's queries, shows
// the success countdown and closes by itself. A failed order shows 'Error generating QR' with what went wrong.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CreateOrderBody, PaymentCheckBody } from "../../worker/protocol/payments";
import { PaymentDialog } from "../../web/src/features/plans/payment-dialog";
import { PAID_SCREEN_MS, POLL_INTERVAL_MS, SUCCESS_CLOSE_SECONDS } from "../../web/src/features/plans/payment-flow";
import { loadPlansTexts } from "../../web/src/features/plans/plans-texts";
import { initI18n, setLanguage } from "../../web/src/lib/i18n";

const order = {
  id: "o1",
  code: "MAYK7Q2XD9P",
  package_type: "BS_1Y" as const,
  amount: 1_428_000,
  currency: "VND" as const,
  status: "pending" as const,
  created_at: new Date().toISOString(),
  expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
  paid_at: null,
  transaction_id: null,
};
const payment = {
  qr_payload:
    "00020101021238570010A000000727012700069704360113MAYDEMOACCOUNT0208QRIBFTTA53037045407142800058020VN62150811MAYK7Q2XD9P6304ABCD",
  bank_bin: "970436",
  bank_name: "Vietcombank",
  account_number: "1234567890",
  account_name: "MAY DEMO",
  amount: 1_428_000,
  currency: "VND" as const,
  memo: "MAYK7Q2XD9P",
};
const premium = { is_premium: 0, premium_start: null, premium_end: null, plan: "free" as const };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

describe("PaymentDialog", () => {
  let paid = false;
  let verifyCalls = 0;
  /** Polls whose request never answers (until it is aborted). */
  let hangingPolls = 0;
  let createStatus = 201;
  let qc: QueryClient;
  const onClose = vi.fn();

  beforeEach(async () => {
    await initI18n();
    await setLanguage("en");
    await loadPlansTexts();
    paid = false;
    verifyCalls = 0;
    hangingPolls = 0;
    createStatus = 201;
    onClose.mockReset();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === "/auth/me")
          return json({
            status: "success",
            data: { user: { id: "u1", name: "Lan", email: "lan@example.com", plan: paid ? "basic" : "free" } },
          });
        if (url === "/payments/create") {
          if (createStatus !== 201)
            return json({ status: "error", code: "rate_limited", message: "Too many payment orders" }, createStatus);
          return json({ status: "success", data: { order, payment } } satisfies CreateOrderBody, 201);
        }
        if (url === "/payments/verify") {
          verifyCalls++;
          if (hangingPolls > 0) {
            hangingPolls--;
            return new Promise<Response>((_, reject) =>
              init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
            );
          }
          const body = JSON.parse(String(init?.body)) as { orderCode: string; packageType: string; amount: number };
          expect(body).toMatchObject({ orderCode: order.code, packageType: "BS_1Y", amount: 1_428_000 });
          return json({
            status: "success",
            data: paid
              ? {
                  payment_status: "paid",
                  order: { ...order, status: "paid" },
                  payment: null,
                  premium: { ...premium, is_premium: 1, plan: "basic" },
                }
              : { payment_status: "pending", order, payment, premium },
          } satisfies PaymentCheckBody);
        }
        return json({ status: "error", code: "not_found", message: url }, 404);
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const open = () =>
    render(
      <QueryClientProvider client={qc}>
        <PaymentDialog packageType="BS_1Y" onClose={onClose} />
      </QueryClientProvider>,
    );
  const phase = () => screen.getByTestId("payment-state").getAttribute("data-phase");

  it("shows the QR with amount, account and memo, verifies until paid, then succeeds and closes itself", async () => {
    open();
    expect(phase()).toBe("generating");
    expect(screen.getByText("Generating the QR code…")).toBeTruthy();
    await waitFor(() => expect(phase()).toBe("verifying"));
    expect(screen.getByTestId("payment-amount").textContent).toBe("₫1,428,000");
    expect(screen.getByTestId("payment-memo").textContent).toBe("MAYK7Q2XD9P");
    expect(screen.getByTestId("payment-account").textContent).toBe("1234567890");
    await waitFor(() =>
      expect(screen.getByTestId("payment-qr").querySelector("img")?.getAttribute("src")).toMatch(
        /^data:image\/png;base64,/,
      ),
    );
    expect(screen.getByTestId("payment-timer").textContent).toMatch(/QR valid for 1[45]:\d\d/);

    const invalidate = vi.spyOn(qc, "invalidateQueries");
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(verifyCalls).toBeGreaterThan(0);
    expect(phase()).toBe("verifying");

    paid = true;
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    await waitFor(() => expect(phase()).toBe("paid"));
    expect(screen.getByTestId("payment-paid")).toBeTruthy();
    const refreshed = invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    expect(refreshed).toEqual(expect.arrayContaining(['["auth","me"]', '["models"]', '["plans"]']));

    await act(() => vi.advanceTimersByTimeAsync(PAID_SCREEN_MS));
    await waitFor(() => expect(phase()).toBe("success"));
    expect(screen.getByTestId("payment-countdown").textContent).toBe(
      `This window closes in ${SUCCESS_CLOSE_SECONDS} seconds.`,
    );
    expect(onClose).not.toHaveBeenCalled();
    for (let i = 0; i < SUCCESS_CLOSE_SECONDS; i++) await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("gives up a poll that gets no answer, so the later polls still see the payment", async () => {
    open();
    await waitFor(() => expect(phase()).toBe("verifying"));
    hangingPolls = 100;
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    const asked = verifyCalls;
    expect(asked).toBeGreaterThan(0);
    hangingPolls = 0;
    paid = true;
    // the hanging poll is abandoned within a few intervals, and the next one answers "paid"
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3));
    await waitFor(() => expect(phase()).toBe("paid"));
    expect(verifyCalls).toBeGreaterThan(asked);
  });

  it("says 'Error generating QR' with the reason when the order cannot be made, and tries again", async () => {
    createStatus = 429;
    open();
    await waitFor(() => expect(phase()).toBe("error"));
    expect(screen.getByRole("heading").textContent).toBe("Error generating QR");
    expect(screen.getByTestId("payment-error").textContent).toMatch(/too many/i);
    createStatus = 201;
    fireEvent.click(screen.getByTestId("payment-retry"));
    await waitFor(() => expect(phase()).toBe("verifying"));
  });
});
