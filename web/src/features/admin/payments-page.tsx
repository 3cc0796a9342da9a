// Payments (/admin/payments): the review queue of bank transfers the webhook could not apply by itself — apply one to
// an order (prefilled with the order it names, the amount difference shown before confirming) or mark it refunded or
// ignored with a note — then orders by status, revenue per day and plan as a chart, and affiliate commissions owed
// per referrer with "mark paid".
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../lib/error-message";
import { toast } from "../toast/toast.atoms";
import { confirm } from "../ui/confirm.atoms";
import { LoadError, Loading, TableBox, useFormats } from "./admin-bits";
import { adminCalls, adminKeys, adminQueries } from "./admin.queries";
import { ORDER_STATUSES, type OrderStatus, type ReviewItem } from "./admin.schemas";
import { useAdminTexts } from "./admin-texts";
import { colourOf, daysOf, seriesByWeight, shiftDay, stackByDay } from "./chart-scale";
import { ChartFrame, StackedColumns } from "./charts";
import { quotaToday } from "./usage-figures";
import { OrdersTable } from "./users-page";

/** Revenue's default span: the last 30 quota days. */
const REVENUE_DAYS = 30;

export function PaymentsPage() {
  const { t } = useAdminTexts();
  return (
    <section className="adm-page" data-testid="admin-payments">
      <h1>{t("payments.title")}</h1>
      <ReviewQueue />
      <Orders />
      <Revenue />
      <Commissions />
    </section>
  );
}

function useRefreshPayments() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: adminKeys.payments });
}

function ReviewQueue() {
  const { t } = useAdminTexts();
  const f = useFormats();
  const queue = useQuery(adminQueries.review());
  return (
    <>
      <h2>{t("payments.review")}</h2>
      {queue.isError ? (
        <LoadError error={queue.error} />
      ) : !queue.data ? (
        <Loading />
      ) : queue.data.length === 0 ? (
        <p className="adm-empty" data-testid="admin-review-empty">
          {t("payments.reviewEmpty")}
        </p>
      ) : (
        <ul className="adm-cards" data-testid="admin-review">
          {queue.data.map((item) => (
            <ReviewCard key={item.id} item={item} f={f} />
          ))}
        </ul>
      )}
    </>
  );
}

function ReviewCard({ item, f }: { item: ReviewItem; f: ReturnType<typeof useFormats> }) {
  const { t } = useAdminTexts();
  const refresh = useRefreshPayments();
  const [code, setCode] = useState(item.order?.code ?? item.code ?? "");
  const [note, setNote] = useState("");
  const fail = (err: unknown) => toast.error(errorMessage(t, err));
  const apply = useMutation({
    mutationFn: () => adminCalls.applyTransfer(item.id, code.trim()),
    onSuccess: (r) => {
      toast.success(
        r.outcome === "applied" ? t("payments.applied", { code: r.orderCode }) : t("payments.alreadyApplied"),
      );
      return refresh();
    },
    onError: fail,
  });
  const resolve = useMutation({
    mutationFn: (outcome: "refunded" | "ignored") => adminCalls.resolveTransfer(item.id, outcome, note.trim()),
    onSuccess: () => {
      toast.success(t("payments.resolved"));
      return refresh();
    },
    onError: fail,
  });
  // the difference is known for the order the transfer names; for another code the worker answers it after applying
  const named = item.order && item.order.code.toUpperCase() === code.trim().toUpperCase() ? item.order : null;
  const diff = named ? item.transferAmount - named.amount : null;
  const busy = apply.isPending || resolve.isPending;

  const askApply = async () => {
    const ok = await confirm({
      title: t("payments.applyTitle"),
      message:
        diff === null
          ? t("payments.applyConfirmUnknown", { amount: f.vnd(item.transferAmount), code: code.trim() })
          : t("payments.applyConfirm", {
              amount: f.vnd(item.transferAmount),
              code: code.trim(),
              orderAmount: f.vnd(named!.amount),
              diff: f.signedVnd(diff),
            }),
      confirmLabel: t("payments.apply"),
      cancelLabel: t("common.cancel"),
    });
    if (ok) apply.mutate();
  };
  const askResolve = async (outcome: "refunded" | "ignored") => {
    const ok = await confirm({
      title: t(`payments.${outcome}Title`),
      message: t("payments.resolveConfirm", { amount: f.vnd(item.transferAmount), note: note.trim() }),
      confirmLabel: t(`payments.${outcome}`),
      cancelLabel: t("common.cancel"),
      danger: outcome === "refunded",
    });
    if (ok) resolve.mutate(outcome);
  };

  return (
    <li className="adm-card" data-testid="admin-review-item" data-id={item.id}>
      <dl className="adm-facts">
        <dt>{t("payments.received")}</dt>
        <dd>{f.dateTime(item.receivedAt)}</dd>
        <dt>{t("payments.amount")}</dt>
        <dd>
          <strong>{f.vnd(item.transferAmount)}</strong>
        </dd>
        <dt>{t("payments.memo")}</dt>
        <dd className="adm-wrap">{item.content || item.code || "—"}</dd>
        <dt>{t("payments.reason")}</dt>
        <dd>
          {item.reviewReason ? t(`payments.reasons.${item.reviewReason}`, { defaultValue: item.reviewReason }) : "—"}
        </dd>
        <dt>{t("payments.order")}</dt>
        <dd>
          {item.order
            ? `${item.order.code} · ${f.vnd(item.order.amount)} · ${t(`payments.status.${item.order.status}`, { defaultValue: item.order.status })}`
            : t("payments.noOrder")}
        </dd>
      </dl>
      {diff !== null ? (
        <p
          className={`adm-diff${diff === 0 ? "" : diff > 0 ? " is-over" : " is-under"}`}
          data-testid="admin-review-diff"
          data-diff={diff}
        >
          {diff > 0
            ? t("payments.over", { diff: f.signedVnd(diff) })
            : diff < 0
              ? t("payments.under", { diff: f.signedVnd(diff) })
              : t("payments.exact")}
        </p>
      ) : null}
      <div className="adm-actions">
        <label>
          {t("payments.orderCode")}
          <input value={code} onChange={(e) => setCode(e.target.value)} data-testid="admin-review-code" />
        </label>
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy || code.trim().length < 4}
          onClick={askApply}
          data-testid="admin-review-apply"
        >
          {t("payments.apply")}
        </button>
      </div>
      <div className="adm-actions">
        <label className="adm-grow">
          {t("payments.note")}
          <input value={note} onChange={(e) => setNote(e.target.value)} data-testid="admin-review-note" />
        </label>
        <button
          type="button"
          className="btn btn--danger"
          disabled={busy || !note.trim()}
          onClick={() => askResolve("refunded")}
          data-testid="admin-review-refund"
        >
          {t("payments.refunded")}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={busy || !note.trim()}
          onClick={() => askResolve("ignored")}
          data-testid="admin-review-ignore"
        >
          {t("payments.ignored")}
        </button>
      </div>
    </li>
  );
}

function Orders() {
  const { t } = useAdminTexts();
  const [status, setStatus] = useState<OrderStatus>("pending");
  const orders = useQuery(adminQueries.orders(status));
  return (
    <>
      <h2>{t("payments.orders")}</h2>
      <div className="adm-tabs" role="group" aria-label={t("payments.orders")}>
        {ORDER_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className={`btn btn--sm${s === status ? " btn--primary" : " btn--ghost"}`}
            aria-pressed={s === status}
            onClick={() => setStatus(s)}
            data-testid={`admin-orders-${s}`}
          >
            {t(`payments.status.${s}`)}
          </button>
        ))}
      </div>
      {orders.isError ? (
        <LoadError error={orders.error} />
      ) : !orders.data ? (
        <Loading />
      ) : orders.data.length === 0 ? (
        <p className="adm-empty">{t("payments.noOrders")}</p>
      ) : (
        <OrdersTable orders={orders.data} withEmail />
      )}
    </>
  );
}

function Revenue() {
  const { t } = useAdminTexts();
  const f = useFormats();
  const [to] = useState(quotaToday);
  const from = shiftDay(to, -(REVENUE_DAYS - 1));
  const revenue = useQuery(adminQueries.revenue(from, to));
  const rows = revenue.data?.days ?? [];
  const plans = seriesByWeight(
    rows,
    (r) => r.plan,
    (r) => r.revenue,
  );
  const total = rows.reduce((s, r) => s + r.revenue, 0);
  return (
    <>
      <h2>{t("payments.revenue")}</h2>
      {revenue.isError ? (
        <LoadError error={revenue.error} />
      ) : !revenue.data ? (
        <Loading />
      ) : (
        <ChartFrame
          title={t("payments.revenueChart", { days: REVENUE_DAYS, total: f.vnd(total) })}
          testId="chart-revenue"
          legend={plans.map((p, i) => ({ name: t(`packages.${p}`, { defaultValue: p }), colour: colourOf(i) }))}
        >
          {(w) => (
            <StackedColumns
              width={w}
              days={stackByDay(
                rows.map((r) => ({ day: r.day, series: r.plan, value: r.revenue })),
                daysOf(from, to),
                plans,
              )}
              series={plans}
              dayLabel={f.shortDay}
              format={(n) => f.num(n)}
              label={t("payments.revenue")}
              counts={false}
            />
          )}
        </ChartFrame>
      )}
    </>
  );
}

function Commissions() {
  const { t } = useAdminTexts();
  const f = useFormats();
  const refresh = useRefreshPayments();
  const list = useQuery(adminQueries.commissions());
  const paid = useMutation({
    mutationFn: (id: string) => adminCalls.markCommissionPaid(id),
    onSuccess: () => {
      toast.success(t("payments.commissionPaid"));
      return refresh();
    },
    onError: (err) => toast.error(errorMessage(t, err)),
  });
  const askPaid = async (id: string, amount: number, email: string) => {
    const ok = await confirm({
      title: t("payments.markPaid"),
      message: t("payments.markPaidConfirm", { amount: f.vnd(amount), email }),
      confirmLabel: t("payments.markPaid"),
      cancelLabel: t("common.cancel"),
    });
    if (ok) paid.mutate(id);
  };
  return (
    <>
      <h2>{t("payments.commissions")}</h2>
      {list.isError ? (
        <LoadError error={list.error} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.commissions.length === 0 ? (
        <p className="adm-empty">{t("payments.noCommissions")}</p>
      ) : (
        <>
          <ul className="adm-chips">
            {list.data.referrers.map((r) => (
              <li key={r.referrerId}>
                {r.referrerEmail}: <strong>{f.vnd(r.owed)}</strong> ({t("payments.commissionCount", { count: r.count })}
                )
              </li>
            ))}
          </ul>
          <TableBox testId="admin-commissions">
            <thead>
              <tr>
                <th>{t("payments.referrer")}</th>
                <th>{t("payments.orderAmount")}</th>
                <th>{t("payments.commission")}</th>
                <th>{t("users.status")}</th>
                <th>{t("users.created")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.data.commissions.map((c) => (
                <tr key={c.id}>
                  <td>{c.referrerEmail}</td>
                  <td>{f.vnd(c.orderAmount)}</td>
                  <td>{f.vnd(c.commission)}</td>
                  <td>{c.status}</td>
                  <td>{f.date(c.createdAt)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--sm btn--ghost"
                      disabled={paid.isPending}
                      onClick={() => askPaid(c.id, c.commission, c.referrerEmail)}
                    >
                      {t("payments.markPaid")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        </>
      )}
    </>
  );
}
