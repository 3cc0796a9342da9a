// The operator console at /admin/*: reached only by typing its address (no link anywhere for users). It first asks the
// worker whether the caller is an operator (GET /admin/api/me); anyone else — a user or a guest — gets exactly the
// app's not-found page, with no redirect to /login, so nothing reveals that the console exists. Operators get a
// simple layout: a nav (a collapsible menu on narrow screens) and the section the address names.
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { Suspense, useEffect, useId, useState } from "react";
import { queryClient } from "../../lib/signed-in/query-client";
import { NotFound } from "../layout/every-page/route-fallbacks";
import { adminQueries } from "./admin.queries";
import { useAdminTexts } from "./admin-texts";
import { AuditPage } from "./audit-page";
import { FeedsPage } from "./feeds-page";
import { PaymentsPage } from "./payments-page";
import { PromptsPage } from "./prompts-page";
import { SecretsPage } from "./secrets-page";
import { UsagePage } from "./usage-page";
import { UserPage, UsersPage } from "./users-page";
import "./admin.css";

/** The console's sections: their address under /admin and their nav text's key. */
const SECTIONS = [
  { path: "", key: "usage" },
  { path: "users", key: "users" },
  { path: "payments", key: "payments" },
  { path: "feeds", key: "feeds" },
  { path: "prompts", key: "prompts" },
  { path: "secrets", key: "secrets" },
  { path: "audit", key: "audit" },
] as const;

export default function AdminConsole() {
  return (
    <QueryClientProvider client={queryClient}>
      <OperatorsOnly />
    </QueryClientProvider>
  );
}

function OperatorsOnly() {
  const me = useQuery(adminQueries.me());
  // the same empty page as any screen loading, until the worker has said who may see more
  if (me.isPending) return <div className="adm-wait" aria-busy="true" />;
  if (me.isError) return <NotFound />;
  return (
    <Suspense fallback={<div className="adm-wait" aria-busy="true" />}>
      <Console email={me.data.email} />
    </Suspense>
  );
}

function Console({ email }: { email: string }) {
  const { t } = useAdminTexts();
  const { _splat = "" } = useParams({ from: "/admin/$" });
  const [section = "", ...rest] = _splat.replace(/\/+$/, "").split("/");
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  useEffect(() => {
    document.title = `${t("title")} · Mây`;
  }, [t]);
  // a section picked from the menu closes it
  useEffect(() => setMenuOpen(false), [_splat]);

  const page =
    section === "" && rest.length === 0 ? (
      <UsagePage />
    ) : section === "users" && rest.length <= 1 ? (
      rest[0] ? (
        <UserPage id={decodeURIComponent(rest[0])} />
      ) : (
        <UsersPage />
      )
    ) : rest.length > 0 ? null : section === "payments" ? (
      <PaymentsPage />
    ) : section === "feeds" ? (
      <FeedsPage />
    ) : section === "prompts" ? (
      <PromptsPage />
    ) : section === "secrets" ? (
      <SecretsPage />
    ) : section === "audit" ? (
      <AuditPage />
    ) : null;
  if (!page) return <NotFound />;

  return (
    <div className="adm" data-testid="admin-console">
      <header className="adm-top">
        <button
          type="button"
          className="adm-top__menu"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((o) => !o)}
          data-testid="admin-menu"
        >
          <span aria-hidden="true">☰</span> {t("nav.menu")}
        </button>
        <strong className="adm-top__title">{t("title")}</strong>
        <span className="adm-top__who">{email}</span>
      </header>
      <nav
        id={navId}
        className={`adm-nav${menuOpen ? " is-open" : ""}`}
        aria-label={t("title")}
        data-testid="admin-nav"
      >
        {SECTIONS.map((s) => (
          <Link
            key={s.key}
            to="/admin/$"
            params={{ _splat: s.path }}
            className={`adm-nav__link${section === s.path ? " is-active" : ""}`}
            aria-current={section === s.path ? "page" : undefined}
            data-testid={`admin-nav-${s.key}`}
          >
            {t(`nav.${s.key}`)}
          </Link>
        ))}
      </nav>
      <main className="adm-main">{page}</main>
    </div>
  );
}
