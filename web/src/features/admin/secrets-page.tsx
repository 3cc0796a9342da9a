// Secrets (/admin/secrets): the last step of rotating MODEL_KEYS_SECRET (README, "Rotating secrets") as a button:
// every saved model key and connected app's token still sealed under an older secret is sealed again under the
// current one (POST /admin/api/secrets/reseal), then the counts of what was done and of what no secret opens.
import { useMutation } from "@tanstack/react-query";
import { errorMessage } from "../../lib/error-message";
import { toast } from "../toast/toast.atoms";
import { confirm } from "../ui/confirm.atoms";
import { TableBox, useFormats } from "./admin-bits";
import { adminCalls } from "./admin.queries";
import { useAdminTexts } from "./admin-texts";

export function SecretsPage() {
  const { t } = useAdminTexts();
  const f = useFormats();
  const reseal = useMutation({
    mutationFn: adminCalls.resealSecrets,
    onSuccess: (r) =>
      toast.success(t("secrets.resealed", { modelKeys: r.modelKeys.resealed, appTokens: r.appTokens.resealed })),
    onError: (err) => toast.error(errorMessage(t, err)),
  });
  const ask = async () => {
    const ok = await confirm({
      title: t("secrets.resealTitle"),
      message: t("secrets.resealConfirm"),
      confirmLabel: t("secrets.reseal"),
      cancelLabel: t("common.cancel"),
    });
    if (ok) reseal.mutate();
  };
  const r = reseal.data;
  const unreadable = r ? r.modelKeys.unreadable + r.appTokens.unreadable : 0;

  return (
    <section className="adm-page" data-testid="admin-secrets">
      <h1>{t("secrets.title")}</h1>
      <p className="adm-note">{t("secrets.resealIntro")}</p>
      <div className="adm-actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={ask}
          disabled={reseal.isPending}
          data-testid="admin-reseal"
        >
          {t("secrets.reseal")}
        </button>
      </div>
      {r ? (
        <>
          <TableBox testId="admin-reseal-report">
            <thead>
              <tr>
                <th />
                <th>{t("secrets.resealedCol")}</th>
                <th>{t("secrets.unreadableCol")}</th>
              </tr>
            </thead>
            <tbody>
              {(["modelKeys", "appTokens"] as const).map((k) => (
                <tr key={k}>
                  <th scope="row">{t(`secrets.${k}`)}</th>
                  <td>{f.num(r[k].resealed)}</td>
                  <td>{f.num(r[k].unreadable)}</td>
                </tr>
              ))}
            </tbody>
          </TableBox>
          {unreadable > 0 ? (
            <p className="notice notice--info">{t("secrets.unreadable", { count: unreadable })}</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
