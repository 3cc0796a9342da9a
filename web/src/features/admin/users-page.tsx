// Users (/admin/users): search by email, name or id (2 characters at least), and a user's page (/admin/users/<id>):
// plan, paid periods, orders, today's use, sessions, whether sign-in is blocked; an operator can grant a package, end
// all of the user's sessions, and block sign-in with a reason or unblock it (each confirmed first, but unblocking).
// The page reads the user again after each action.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../../lib/error-message";
import { toast } from "../toast/toast.atoms";
import { confirm } from "../ui/confirm.atoms";
import { LoadError, Loading, TableBox, useFormats } from "./admin-bits";
import { adminCalls, adminKeys, adminQueries } from "./admin.queries";
import { PACKAGES, type PackageType } from "./admin.schemas";
import { useAdminTexts } from "./admin-texts";

/** Characters a search needs before it is sent (the worker's minimum). */
const MIN_QUERY = 2;
/** Pause after the last keystroke before searching, in ms. */
const SEARCH_DELAY_MS = 250;

export function UsersPage() {
  const { t } = useAdminTexts();
  const f = useFormats();
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const found = useQuery(adminQueries.userSearch(q));
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onType = (value: string) => {
    setTyped(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setQ(value.trim()), SEARCH_DELAY_MS);
  };

  return (
    <section className="adm-page" data-testid="admin-users">
      <h1>{t("users.title")}</h1>
      <form
        className="adm-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(typed.trim());
        }}
      >
        <label className="adm-grow">
          {t("users.search")}
          <input
            type="search"
            value={typed}
            onChange={(e) => onType(e.target.value)}
            placeholder={t("users.searchHint")}
            data-testid="admin-user-search"
          />
        </label>
      </form>
      {q.length < MIN_QUERY ? (
        <p className="adm-empty">{t("users.tooShort")}</p>
      ) : found.isError ? (
        <LoadError error={found.error} />
      ) : !found.data ? (
        <Loading />
      ) : found.data.length === 0 ? (
        <p className="adm-empty">{t("users.none")}</p>
      ) : (
        <TableBox testId="admin-user-results">
          <thead>
            <tr>
              <th>{t("users.email")}</th>
              <th>{t("users.name")}</th>
              <th>{t("users.premiumEnd")}</th>
              <th>{t("users.created")}</th>
            </tr>
          </thead>
          <tbody>
            {found.data.map((u) => (
              <tr key={u.id} data-testid="admin-user-row" data-email={u.email}>
                <td>
                  <Link to="/admin/$" params={{ _splat: `users/${encodeURIComponent(u.id)}` }}>
                    {u.email}
                  </Link>
                </td>
                <td>{u.name ?? ""}</td>
                <td>{u.isPremium > 0 ? f.date(u.premiumEnd) : "—"}</td>
                <td>{f.date(u.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
    </section>
  );
}

export function UserPage({ id }: { id: string }) {
  const { t } = useAdminTexts();
  const f = useFormats();
  const qc = useQueryClient();
  const user = useQuery(adminQueries.user(id));
  const [pkg, setPkg] = useState<PackageType>("BS_1T");
  const [reason, setReason] = useState("");
  const refresh = () => qc.invalidateQueries({ queryKey: adminKeys.users });

  const grant = useMutation({
    mutationFn: (p: PackageType) => adminCalls.grant(id, p),
    onSuccess: () => {
      toast.success(t("users.granted"));
      return refresh();
    },
    onError: (err) => toast.error(errorMessage(t, err)),
  });
  const endSessions = useMutation({
    mutationFn: () => adminCalls.endSessions(id),
    onSuccess: (r) => {
      toast.success(t("users.sessionsEnded", { count: r.ended }));
      return refresh();
    },
    onError: (err) => toast.error(errorMessage(t, err)),
  });

  const block = useMutation({
    mutationFn: (why: string) => adminCalls.block(id, why),
    onSuccess: () => {
      toast.success(t("users.blockedDone"));
      setReason("");
      return refresh();
    },
    onError: (err) => toast.error(errorMessage(t, err)),
  });
  const unblock = useMutation({
    mutationFn: () => adminCalls.unblock(id),
    onSuccess: () => {
      toast.success(t("users.unblockedDone"));
      return refresh();
    },
    onError: (err) => toast.error(errorMessage(t, err)),
  });

  if (user.isError) return <LoadError error={user.error} />;
  if (!user.data) return <Loading />;
  const { user: u, periods, orders, usageToday, sessions } = user.data;

  const askGrant = async () => {
    const ok = await confirm({
      title: t("users.grantTitle"),
      message: t("users.grantConfirm", { pkg: t(`packages.${pkg}`), email: u.email }),
      confirmLabel: t("users.grant"),
      cancelLabel: t("common.cancel"),
    });
    if (ok) grant.mutate(pkg);
  };
  const askEnd = async () => {
    const ok = await confirm({
      title: t("users.endTitle"),
      message: t("users.endConfirm", { count: sessions, email: u.email }),
      confirmLabel: t("users.endSessions"),
      cancelLabel: t("common.cancel"),
      danger: true,
    });
    if (ok) endSessions.mutate();
  };
  const askBlock = async () => {
    const ok = await confirm({
      title: t("users.blockTitle"),
      message: t("users.blockConfirm", { email: u.email }),
      confirmLabel: t("users.block"),
      cancelLabel: t("common.cancel"),
      danger: true,
    });
    if (ok) block.mutate(reason.trim());
  };
  const blocked = typeof u.blockedAt === "number";

  return (
    <section className="adm-page" data-testid="admin-user" data-user-id={u.id}>
      <p>
        <Link to="/admin/$" params={{ _splat: "users" }}>
          ← {t("users.back")}
        </Link>
      </p>
      <h1>{u.email}</h1>
      <dl className="adm-facts">
        <dt>{t("users.name")}</dt>
        <dd>{u.name || "—"}</dd>
        <dt>{t("users.plan")}</dt>
        <dd data-testid="admin-user-plan" data-plan={u.plan}>
          {t(`plans.${u.plan}`, { defaultValue: u.plan })}
        </dd>
        <dt>{t("users.premiumEnd")}</dt>
        <dd>{u.isPremium > 0 ? f.dateTime(u.premiumEnd) : "—"}</dd>
        <dt>{t("users.created")}</dt>
        <dd>{f.date(u.createdAt)}</dd>
        <dt>{t("users.state")}</dt>
        <dd data-testid="admin-user-blocked" data-blocked={blocked}>
          {blocked
            ? t("users.blockedSince", { date: f.dateTime(u.blockedAt), reason: u.blockedReason ?? "" })
            : t("users.notBlocked")}
        </dd>
        <dt>{t("users.sessions")}</dt>
        <dd data-testid="admin-user-sessions">{f.num(sessions)}</dd>
        <dt>{t("users.referredBy")}</dt>
        <dd>{u.referredBy || "—"}</dd>
        <dt>{t("users.affiliateCode")}</dt>
        <dd>{u.affiliateCode || "—"}</dd>
        <dt>{t("users.id")}</dt>
        <dd className="adm-mono">{u.id}</dd>
      </dl>
      <div className="adm-actions">
        <label>
          {t("users.package")}
          <select value={pkg} onChange={(e) => setPkg(e.target.value as PackageType)} data-testid="admin-grant-package">
            {PACKAGES.map((p) => (
              <option key={p} value={p}>
                {t(`packages.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn--primary"
          onClick={askGrant}
          disabled={grant.isPending}
          data-testid="admin-grant"
        >
          {t("users.grant")}
        </button>
        <button
          type="button"
          className="btn btn--danger"
          onClick={askEnd}
          disabled={endSessions.isPending || sessions === 0}
          data-testid="admin-end-sessions"
        >
          {t("users.endSessions")}
        </button>
      </div>
      <div className="adm-actions">
        {blocked ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => unblock.mutate()}
            disabled={unblock.isPending}
            data-testid="admin-unblock"
          >
            {t("users.unblock")}
          </button>
        ) : (
          <>
            <label className="adm-grow">
              {t("users.blockReason")}
              <input
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={1000}
                data-testid="admin-block-reason"
              />
            </label>
            <button
              type="button"
              className="btn btn--danger"
              onClick={askBlock}
              disabled={block.isPending || reason.trim() === ""}
              data-testid="admin-block"
            >
              {t("users.block")}
            </button>
          </>
        )}
      </div>
      <h2>{t("users.usageToday")}</h2>
      {usageToday.length === 0 ? (
        <p className="adm-empty">{t("users.noUsage")}</p>
      ) : (
        <ul className="adm-chips">
          {usageToday.map((b) => (
            <li key={b.bucket}>
              {b.bucket}: <strong>{f.num(b.count)}</strong>
            </li>
          ))}
        </ul>
      )}
      <h2>{t("users.periods")}</h2>
      {periods.length === 0 ? (
        <p className="adm-empty">{t("users.noPeriods")}</p>
      ) : (
        <TableBox testId="admin-user-periods">
          <thead>
            <tr>
              <th>{t("users.package")}</th>
              <th>{t("users.start")}</th>
              <th>{t("users.end")}</th>
              <th>{t("users.price")}</th>
              <th>{t("users.method")}</th>
              <th>{t("users.status")}</th>
            </tr>
          </thead>
          <tbody>
            {periods.map((p) => (
              <tr key={`${p.id}-${p.start}`} data-testid="admin-user-period">
                <td>{t(`packages.${p.plan}`, { defaultValue: p.plan })}</td>
                <td>{f.date(p.start)}</td>
                <td>{f.date(p.end)}</td>
                <td>{f.vnd(p.price)}</td>
                <td>{p.method}</td>
                <td>{p.status}</td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
      <h2>{t("users.orders")}</h2>
      {orders.length === 0 ? <p className="adm-empty">{t("users.noOrders")}</p> : <OrdersTable orders={orders} />}
    </section>
  );
}

export function OrdersTable({ orders, withEmail }: { orders: import("./admin.schemas").Order[]; withEmail?: boolean }) {
  const { t } = useAdminTexts();
  const f = useFormats();
  return (
    <TableBox testId="admin-orders">
      <thead>
        <tr>
          <th>{t("payments.code")}</th>
          {withEmail ? <th>{t("users.email")}</th> : null}
          <th>{t("users.package")}</th>
          <th>{t("payments.amount")}</th>
          <th>{t("users.status")}</th>
          <th>{t("users.created")}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id} data-testid="admin-order" data-code={o.code}>
            <td className="adm-mono">{o.code}</td>
            {withEmail ? <td>{o.email ?? ""}</td> : null}
            <td>{o.packageType ? t(`packages.${o.packageType}`, { defaultValue: o.packageType }) : "—"}</td>
            <td>{f.vnd(o.amount)}</td>
            <td>{t(`payments.status.${o.status}`, { defaultValue: o.status })}</td>
            <td>{f.dateTime(o.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}
