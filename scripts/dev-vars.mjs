// A fresh checkout has no .dev.vars: give it a random JWT secret, a random bank-webhook secret, a random operator
// secret, a random key for encrypting users' model keys and the local dev mailbox (and no provider keys, so the offline model serves). An
// older .dev.vars gets whichever of those it lacks appended.
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

/** Values a local .dev.vars needs; each missing one is added (random secrets, and the local-only dev mailbox). */
const LOCAL_DEFAULTS = {
  PAYMENT_WEBHOOK_SECRET: () => randomBytes(24).toString("hex"),
  // The operator's scripts (scripts/move-user.mjs) send it as a bearer token to /ops.
  OPS_SECRET: () => randomBytes(24).toString("hex"),
  // AES-GCM key (32 bytes, hex) for bring-your-own model keys and connected-app tokens.
  MODEL_KEYS_SECRET: () => randomBytes(32).toString("hex"),
  // Mail is printed and kept at http://localhost:8787/dev/mailbox while no MAIL_API_URL is set. Local only: this
  // file is never deployed, so a production Worker has no dev mailbox.
  DEV_MAILBOX: () => "1",
  // The first account registered here is an operator (worker/admin/operators.ts), so /admin can be tried offline.
  // Local only, like the mailbox: a deployed Worker names its operators in ADMIN_EMAILS.
  ADMIN_FIRST_ACCOUNT: () => "1",
};

export function ensureDevVars(root) {
  const file = join(root, ".dev.vars");
  if (!existsSync(file)) {
    writeFileSync(
      file,
      `# Made by npm start. Add provider keys here (see .dev.vars.example).\nJWT_SECRET=${randomBytes(32).toString("hex")}\n` +
        Object.entries(LOCAL_DEFAULTS)
          .map(([name, make]) => `${name}=${make()}\n`)
          .join(""),
    );
    console.log(`Created .dev.vars with a random JWT_SECRET and ${Object.keys(LOCAL_DEFAULTS).join(", ")}`);
    return;
  }
  const present = readDevVars(root);
  const missing = Object.entries(LOCAL_DEFAULTS).filter(([name]) => !present[name]);
  if (missing.length === 0) return;
  const text = readFileSync(file, "utf8");
  appendFileSync(
    file,
    `${text.endsWith("\n") || text === "" ? "" : "\n"}${missing.map(([name, make]) => `${name}=${make()}\n`).join("")}`,
  );
  console.log(`Added ${missing.map(([name]) => name).join(", ")} to .dev.vars`);
}
