// The console's home (/admin): usage over a span of quota days (the last 7 by default) as charts — turns per day
// stacked by model, time to first token per model, failed turns by error kind, answers rated up and down per model,
// active users per day — with the per model and per provider totals in tables under them.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadError, Loading, TableBox, useFormats } from "./admin-bits";
import { adminQueries } from "./admin.queries";
import type { Usage } from "./admin.schemas";
import { useAdminTexts } from "./admin-texts";
import { daysOf, seriesByWeight, shiftDay, stackByDay, colourOf } from "./chart-scale";
import { BarList, ChartFrame, StackedColumns } from "./charts";
import { errorsByKind, quotaToday, summariseModels, summariseProviders } from "./usage-figures";

/** The default span: the last 7 quota days, today included. */
const DEFAULT_DAYS = 7;
const P50 = "#3b82f6";
const P95 = "#f59e0b";
const THUMBS_UP = "#22c55e";
const THUMBS_DOWN = "#ef4444";

export function UsagePage() {
  const { t } = useAdminTexts();
  const f = useFormats();
  const [to, setTo] = useState(quotaToday);
  const [from, setFrom] = useState(() => shiftDay(quotaToday(), -(DEFAULT_DAYS - 1)));
  const usage = useQuery(adminQueries.usage(from, to));
  const data = usage.data;

  return (
    <section className="adm-page" data-testid="admin-usage">
      <h1>{t("usage.title")}</h1>
      <form className="adm-filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t("usage.from")}
          <input type="date" value={from} max={to} onChange={(e) => e.target.value && setFrom(e.target.value)} />
        </label>
        <label>
          {t("usage.to")}
          <input type="date" value={to} min={from} onChange={(e) => e.target.value && setTo(e.target.value)} />
        </label>
      </form>
      {usage.isError ? <LoadError error={usage.error} /> : !data ? <Loading /> : <UsageCharts data={data} f={f} />}
    </section>
  );
}

function UsageCharts({ data, f }: { data: Usage; f: ReturnType<typeof useFormats> }) {
  const { t } = useAdminTexts();
  const days = daysOf(data.from, data.to);
  const models = seriesByWeight(
    data.models,
    (r) => r.model,
    (r) => r.turns,
  );
  const turns = stackByDay(
    data.models.map((r) => ({ day: r.day, series: r.model, value: r.turns })),
    days,
    models,
  );
  const active = stackByDay(
    data.activeUsers.map((r) => ({ day: r.day, series: "users", value: r.users })),
    days,
    ["users"],
  );
  const perModel = summariseModels(data.models);
  const perProvider = summariseProviders(data.providers);
  const errors = errorsByKind(data.models);
  const ms = (n: number | null) => (n === null ? "—" : t("usage.ms", { n: f.num(n) }));

  return (
    <>
      <div className="adm-charts">
        <ChartFrame
          title={t("usage.turnsChart")}
          testId="chart-turns"
          legend={models.map((m, i) => ({ name: m, colour: colourOf(i) }))}
        >
          {(w) => (
            <StackedColumns
              width={w}
              days={turns}
              series={models}
              dayLabel={f.shortDay}
              format={f.num}
              label={t("usage.turnsChart")}
            />
          )}
        </ChartFrame>
        <ChartFrame
          title={t("usage.ttftChart")}
          testId="chart-ttft"
          legend={[
            { name: t("usage.p50"), colour: P50 },
            { name: t("usage.p95"), colour: P95 },
          ]}
        >
          {(w) =>
            perModel.some((m) => m.ttftP50Ms !== null) ? (
              <BarList
                width={w}
                label={t("usage.ttftChart")}
                rows={perModel
                  .filter((m) => m.ttftP50Ms !== null || m.ttftP95Ms !== null)
                  .map((m) => ({
                    label: `${m.model} · ${m.provider}`,
                    values: [
                      { value: m.ttftP50Ms ?? 0, colour: P50, text: ms(m.ttftP50Ms) },
                      { value: m.ttftP95Ms ?? 0, colour: P95, text: ms(m.ttftP95Ms) },
                    ],
                  }))}
              />
            ) : (
              <p className="adm-empty">{t("usage.noData")}</p>
            )
          }
        </ChartFrame>
        <ChartFrame title={t("usage.errorsChart")} testId="chart-errors">
          {(w) =>
            errors.length ? (
              <BarList
                width={w}
                label={t("usage.errorsChart")}
                rows={errors.map((e) => ({
                  label: e.code,
                  values: [{ value: e.count, colour: "#ef4444", text: f.num(e.count) }],
                }))}
              />
            ) : (
              <p className="adm-empty">{t("usage.noErrors")}</p>
            )
          }
        </ChartFrame>
        <ChartFrame
          title={t("usage.ratingsChart")}
          testId="chart-ratings"
          legend={[
            { name: t("usage.thumbsUp"), colour: THUMBS_UP },
            { name: t("usage.thumbsDown"), colour: THUMBS_DOWN },
          ]}
        >
          {(w) =>
            perModel.some((m) => m.thumbsUp + m.thumbsDown > 0) ? (
              <BarList
                width={w}
                label={t("usage.ratingsChart")}
                rows={perModel
                  .filter((m) => m.thumbsUp + m.thumbsDown > 0)
                  .map((m) => ({
                    label: `${m.model} · ${m.provider}`,
                    values: [
                      { value: m.thumbsUp, colour: THUMBS_UP, text: f.num(m.thumbsUp) },
                      { value: m.thumbsDown, colour: THUMBS_DOWN, text: f.num(m.thumbsDown) },
                    ],
                  }))}
              />
            ) : (
              <p className="adm-empty">{t("usage.noRatings")}</p>
            )
          }
        </ChartFrame>
        <ChartFrame title={t("usage.activeChart")} testId="chart-active">
          {(w) => (
            <StackedColumns
              width={w}
              days={active}
              series={["users"]}
              dayLabel={f.shortDay}
              format={f.num}
              label={t("usage.activeChart")}
            />
          )}
        </ChartFrame>
      </div>
      <p className="adm-note">{t("usage.ttftNote")}</p>
      <h2>{t("usage.byModel")}</h2>
      <TableBox testId="usage-models">
        <thead>
          <tr>
            <th>{t("usage.model")}</th>
            <th>{t("usage.provider")}</th>
            <th>{t("usage.turns")}</th>
            <th>{t("usage.failed")}</th>
            <th>{t("usage.tokensIn")}</th>
            <th>{t("usage.tokensOut")}</th>
            <th>{t("usage.searches")}</th>
            <th>{t("usage.images")}</th>
            <th>{t("usage.thumbsUp")}</th>
            <th>{t("usage.thumbsDown")}</th>
            <th>{t("usage.p50")}</th>
            <th>{t("usage.p95")}</th>
          </tr>
        </thead>
        <tbody>
          {perModel.map((m) => (
            <tr key={`${m.model}|${m.provider}`} data-testid="usage-model-row" data-model={m.model}>
              <td>{m.model}</td>
              <td>{m.provider}</td>
              <td>{f.num(m.turns)}</td>
              <td>{f.num(m.failed)}</td>
              <td>{f.num(m.tokensIn)}</td>
              <td>{f.num(m.tokensOut)}</td>
              <td>{f.num(m.searches)}</td>
              <td>{f.num(m.images)}</td>
              <td data-testid="usage-thumbs-up">{f.num(m.thumbsUp)}</td>
              <td data-testid="usage-thumbs-down">{f.num(m.thumbsDown)}</td>
              <td>{ms(m.ttftP50Ms)}</td>
              <td>{ms(m.ttftP95Ms)}</td>
            </tr>
          ))}
        </tbody>
      </TableBox>
      <h2>{t("usage.byProvider")}</h2>
      <TableBox testId="usage-providers">
        <thead>
          <tr>
            <th>{t("usage.provider")}</th>
            <th>{t("usage.turns")}</th>
            <th>{t("usage.failed")}</th>
            <th>{t("usage.tokensIn")}</th>
            <th>{t("usage.tokensOut")}</th>
            <th>{t("usage.searches")}</th>
            <th>{t("usage.images")}</th>
            <th>{t("usage.thumbsUp")}</th>
            <th>{t("usage.thumbsDown")}</th>
          </tr>
        </thead>
        <tbody>
          {perProvider.map((p) => (
            <tr key={p.provider}>
              <td>{p.provider}</td>
              <td>{f.num(p.turns)}</td>
              <td>{f.num(p.failed)}</td>
              <td>{f.num(p.tokensIn)}</td>
              <td>{f.num(p.tokensOut)}</td>
              <td>{f.num(p.searches)}</td>
              <td>{f.num(p.images)}</td>
              <td>{f.num(p.thumbsUp)}</td>
              <td>{f.num(p.thumbsDown)}</td>
            </tr>
          ))}
        </tbody>
      </TableBox>
    </>
  );
}
