// The worker benches each run their measurements in a Node process of their own (a *-runner.mjs beside them, which
// starts workerd through Miniflare), and read its last line of output as JSON. One way to do that for all of them.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "../../..");
/** A runner may take up to 9 minutes: the benches' own timeouts are 10. */
const RUNNER_TIMEOUT_MS = 540_000;

/** Runs test/bench/worker/<file> with `args`, and answers its last output line parsed as JSON (or throws its stderr). */
export function runRunner(file: string, args: string[]): unknown {
  const runner = spawnSync(process.execPath, [join(import.meta.dirname, file), ...args], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
    timeout: RUNNER_TIMEOUT_MS,
  });
  const line = runner.stdout.trim().split("\n").at(-1) ?? "";
  if (runner.status !== 0 || !line.startsWith("{")) throw new Error(`${file} failed:\n${runner.stderr.slice(-4000)}`);
  return JSON.parse(line);
}
