// A fresh checkout has no .dev.vars: give it a random JWT secret and a random bank-webhook secret (and no provider
// keys, so the offline model serves). An older .dev.vars without the webhook secret gets one appended.
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Parses .dev.vars (KEY=VALUE lines, # comments, optional quotes) into an object; {} when there is none. */
export function readDevVars(root) {
  const file = join(root, ".dev.vars");
  if (!existsSync(file)) return {};
  const vars = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) vars[m[1]] = m[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return vars;
}

export function ensureDevVars(root) {
  const file = join(root, ".dev.vars");
  if (!existsSync(file)) {
    writeFileSync(
      file,
      `# Made by npm start. Add provider keys here (see .dev.vars.example).\nJWT_SECRET=${randomBytes(32).toString("hex")}\n` +
        `PAYMENT_WEBHOOK_SECRET=${randomBytes(24).toString("hex")}\n`,
    );
    console.log("Created .dev.vars with a random JWT_SECRET and PAYMENT_WEBHOOK_SECRET");
    return;
  }
  if (!readDevVars(root).PAYMENT_WEBHOOK_SECRET) {
    const text = readFileSync(file, "utf8");
    appendFileSync(file, `${text.endsWith("\n") || text === "" ? "" : "\n"}PAYMENT_WEBHOOK_SECRET=${randomBytes(24).toString("hex")}\n`);
    console.log("Added a random PAYMENT_WEBHOOK_SECRET to .dev.vars");
  }
}
