// Audit log (/admin/audit): every operator action, newest first, 50 at a time; "load more" asks for the entries
// before the last one shown. Each entry's before and after are shown as JSON on demand.
import { useInfiniteQuery } from "@tanstack/react-query";
import { LoadError, Loading, TableBox, useFormats } from "./admin-bits";
import { AUDIT_PAGE, adminKeys, adminQueries } from "./admin.queries";
import { useAdminTexts } from "./admin-texts";

export function AuditPage() {
  const { t } = useAdminTexts();
  const f = useFormats();
  const log = useInfiniteQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam }) => adminQueries.auditPage(pageParam),
    initialPageParam: undefined as number | undefined,
    // a full page may have more behind it; the next one starts before the last entry's time
    getNextPageParam: (last) => (last.length < AUDIT_PAGE ? undefined : last[last.length - 1]!.at),
  });
  const entries = log.data?.pages.flat() ?? [];
  return (
    <section className="adm-page" data-testid="admin-audit">
      <h1>{t("audit.title")}</h1>
      {log.isError ? (
        <LoadError error={log.error} />
      ) : !log.data ? (
        <Loading />
      ) : entries.length === 0 ? (
        <p className="adm-empty">{t("audit.none")}</p>
      ) : (
        <TableBox testId="admin-audit-log">
          <thead>
            <tr>
              <th>{t("audit.at")}</th>
              <th>{t("audit.admin")}</th>
              <th>{t("audit.action")}</th>
              <th>{t("audit.target")}</th>
              <th>{t("audit.change")}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} data-testid="admin-audit-entry" data-action={e.action}>
                <td>{f.dateTime(e.at)}</td>
                <td>{e.adminEmail}</td>
                <td>{t(`audit.actions.${e.action}`, { defaultValue: e.action })}</td>
                <td className="adm-mono">{e.target}</td>
                <td>
                  <details>
                    <summary>{t("audit.show")}</summary>
                    <pre className="adm-json">{JSON.stringify({ before: e.before, after: e.after }, null, 2)}</pre>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
      {log.hasNextPage ? (
        <button
          type="button"
          className="btn btn--ghost"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
          data-testid="admin-audit-more"
        >
          {t("audit.more")}
        </button>
      ) : null}
    </section>
  );
}
