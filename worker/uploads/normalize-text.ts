// The one normal form of text kept for a model (line ends unified, runs of blank lines cut to one, no surrounding
// whitespace), shared by the cut to the per-file budget and by the readers that stop once that budget is full.

export function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
