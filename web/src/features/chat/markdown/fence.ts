// Whether a fenced code block is finished: while an answer streams, its last fence may still be open.
/** True when the block's source ends with a closing fence: the opening fence's character, at least as many. */
export function isFenceClosed(raw: string): boolean {
  const open = /^ {0,3}(`{3,}|~{3,})/.exec(raw);
  if (!open) return true; // an indented code block has no fence to close
  const fence = open[1] as string;
  // the trailing newlines, matched from the start of their run only: a long run of blank lines inside the block (a
  // model repeating "\n") is not tried again from each of its newlines, which was quadratic
  const lines = raw.replace(/(?<!\n)\n+$/, "").split("\n");
  if (lines.length < 2) return false;
  const last = (lines[lines.length - 1] as string).trim();
  return last.length >= fence.length && [...last].every((ch) => ch === fence[0]);
}
