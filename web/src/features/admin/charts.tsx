// The console's charts, hand-drawn in SVG (no chart library: the chunk stays small). Each chart takes its container's
// width (measured, so text keeps its real size at 375 px as at 1280 px instead of shrinking with a viewBox) and
// never draws wider than it. The arithmetic is in chart-scale.ts.
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { type StackedDay, colourOf, niceMax, ticks } from "./chart-scale";

/** Height of a column chart's plot, in px, and the room for its axis labels. */
const PLOT_H = 180;
const AXIS_W = 44;
const LABEL_H = 20;
/** Height of one row of a bar list, in px, and the room for its labels above the bar. */
const ROW_H = 34;

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const watch = new ResizeObserver(() => setWidth(el.clientWidth));
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  return [ref, width] as const;
}

export function ChartFrame({
  title,
  testId,
  legend,
  children,
}: {
  title: string;
  testId: string;
  legend?: { name: string; colour: string }[];
  children: (width: number) => ReactNode;
}) {
  const [ref, width] = useWidth();
  return (
    <figure className="adm-chart" data-testid={testId}>
      <figcaption className="adm-chart__title">{title}</figcaption>
      <div ref={ref} className="adm-chart__plot">
        {width > 0 ? children(width) : null}
      </div>
      {legend?.length ? (
        <ul className="adm-chart__legend">
          {legend.map((l) => (
            <li key={l.name}>
              <span className="adm-chart__swatch" style={{ background: l.colour }} aria-hidden="true" />
              {l.name}
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}

/** Columns per day, stacked by series (one series: plain columns). `dayLabel` shortens a day for the axis. */
export function StackedColumns({
  width,
  days,
  series,
  dayLabel,
  format = String,
  label,
  counts = true,
}: {
  width: number;
  days: StackedDay[];
  series: string[];
  dayLabel: (day: string) => string;
  format?: (n: number) => string;
  label: string;
  /** Whole numbers (the default): an axis of at least 0–4 and whole-number ticks, never 1.5 turns. */
  counts?: boolean;
}) {
  // counts (turns, users) get whole-number ticks: at least 0–4 for a handful
  const most = Math.max(0, ...days.map((d) => d.total));
  const top = counts ? Math.max(4, niceMax(most)) : niceMax(most);
  const plotW = Math.max(1, width - AXIS_W);
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.max(2, Math.min(40, slot * 0.7));
  const y = (v: number) => PLOT_H - (v / top) * PLOT_H;
  // one axis label every `every` days, so labels (about 44 px each) never overlap
  const every = Math.max(1, Math.ceil(48 / slot));
  return (
    <svg width={width} height={PLOT_H + LABEL_H + 6} role="img" aria-label={label} className="adm-svg">
      <g transform="translate(0,4)">
        {ticks(top, counts && top % 4 !== 0 && top % 5 === 0 ? 5 : 4).map((tk) => (
          <g key={tk}>
            <line x1={AXIS_W} x2={width} y1={y(tk)} y2={y(tk)} className="adm-svg__grid" />
            <text x={AXIS_W - 6} y={y(tk) + 4} textAnchor="end" className="adm-svg__tick">
              {format(tk)}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const x = AXIS_W + i * slot + (slot - barW) / 2;
          return (
            <g key={d.day} data-testid="chart-column" data-day={d.day} data-total={d.total}>
              <title>{`${d.day}: ${format(d.total)}`}</title>
              {d.segments.map((s) => (
                <rect
                  key={s.series}
                  x={x}
                  width={barW}
                  y={y(s.y1)}
                  height={Math.max(0, y(s.y0) - y(s.y1))}
                  fill={colourOf(series.indexOf(s.series))}
                >
                  <title>{`${d.day} · ${s.series}: ${format(s.y1 - s.y0)}`}</title>
                </rect>
              ))}
              {i % every === 0 ? (
                <text x={x + barW / 2} y={PLOT_H + 15} textAnchor="middle" className="adm-svg__tick">
                  {dayLabel(d.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </g>
    </svg>
  );
}

export interface BarRow {
  label: string;
  /** One or two values (e.g. p50 and p95), drawn as bars one under the other in the series' colours. */
  values: { value: number; colour: string; text: string }[];
}

/** Horizontal bars, one row per label: readable at any width, long model names included. */
export function BarList({ width, rows, label }: { width: number; rows: BarRow[]; label: string }) {
  const top = niceMax(Math.max(0, ...rows.flatMap((r) => r.values.map((v) => v.value))));
  const valueW = 70; // room for the value written after the bar, in px
  const barMax = Math.max(1, width - valueW);
  const rowH = (r: BarRow) => ROW_H - 10 + r.values.length * 10;
  let offset = 0;
  const placed = rows.map((r) => {
    const at = offset;
    offset += rowH(r);
    return { r, at };
  });
  return (
    <svg width={width} height={Math.max(offset, 1)} role="img" aria-label={label} className="adm-svg">
      {placed.map(({ r, at }) => (
        <g key={r.label} transform={`translate(0,${at})`} data-testid="chart-row" data-label={r.label}>
          <text x={0} y={12} className="adm-svg__label">
            {r.label}
          </text>
          {r.values.map((v, i) => {
            const w = Math.max(v.value > 0 ? 2 : 0, (v.value / top) * barMax);
            return (
              <g key={v.colour}>
                <rect x={0} y={17 + i * 10} width={w} height={8} fill={v.colour} rx={2} />
                <text x={w + 4} y={25 + i * 10} className="adm-svg__tick">
                  {v.text}
                </text>
              </g>
            );
          })}
        </g>
      ))}
    </svg>
  );
}
