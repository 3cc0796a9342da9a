// The client benches' results: one row per figure (what, goal, measured), printed as an aligned Markdown table.
export type ResultRow = [what: string, goal: string, measured: string];

export function printResults(title: string, rows: readonly ResultRow[]): void {
  if (rows.length === 0) return;
  const width = (i: 0 | 1 | 2) => Math.max(...rows.map((r) => r[i].length));
  const line = (r: readonly string[]) => `  | ${r.map((c, i) => c.padEnd(width(i as 0 | 1 | 2))).join(" | ")} |`;
  console.log(
    [
      "",
      title,
      "",
      line(["what", "goal", "measured"]),
      line([0, 1, 2].map((i) => "-".repeat(width(i as 0 | 1 | 2)))),
      ...rows.map(line),
      "",
    ].join("\n"),
  );
}
