#!/usr/bin/env node
// `npm run pay:test -- <order code> [amount]`: pays an order on the local server the way the bank would, by sending
// a SePay-style webhook signed with PAYMENT_WEBHOOK_SECRET from .dev.vars, for the order's amount (read from the
// local D1 database unless given). Lets the whole upgrade flow be tried offline.
// Environment: BASE_URL (default http://localhost:$PORT, PORT default 8787), PERSIST_DIR (as for npm start).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bankTransfer, sendBankWebhook } from "./bank-transfer.mjs";
import { readDevVars } from "./dev-vars.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [rawCode, rawAmount] = process.argv.slice(2);
const code = rawCode?.trim().toUpperCase();

function fail(message) {
  console.error(`pay:test: ${message}`);
  process.exit(1);
}

if (!code || !/^MAY[0-9A-HJKMNP-TV-Z]{8}$/.test(code)) {
  fail("usage: npm run pay:test -- <order code, e.g. MAYK7Q2XD9P> [amount in VND]");
}

const secret = readDevVars(root).PAYMENT_WEBHOOK_SECRET;
if (!secret) fail("no PAYMENT_WEBHOOK_SECRET in .dev.vars (npm start writes one)");

/** The order's amount from the local D1 database (the one `npm start` serves). */
function orderAmount() {
  const persist = process.env.PERSIST_DIR ? ["--persist-to", process.env.PERSIST_DIR] : [];
  const result = spawnSync(
    join(root, "node_modules", ".bin", "wrangler"),
    [
      "d1",
      "execute",
      "DB",
      "--local",
      "--json",
      "-c",
      "wrangler.toml",
      ...persist,
      "--command",
      `SELECT amount, status FROM payment_orders WHERE code = '${code}'`,
    ],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true" },
    },
  );
  if (result.status !== 0) fail(`could not read the local database: ${result.stderr || result.stdout}`);
  const rows = JSON.parse(result.stdout)[0]?.results ?? [];
  if (rows.length === 0) fail(`no order ${code} in the local database`);
  if (rows[0].status !== "pending") console.warn(`pay:test: order ${code} is ${rows[0].status}; sending anyway`);
  return Number(rows[0].amount);
}

const amount = rawAmount !== undefined ? Number(rawAmount) : orderAmount();
if (!Number.isSafeInteger(amount) || amount <= 0) fail(`bad amount: ${rawAmount}`);

const accountNumber =
  /^\s*BANK_ACCOUNT_NUMBER\s*=\s*"([^"]*)"/m.exec(readFileSync(join(root, "wrangler.toml"), "utf8"))?.[1] ?? null;
const body = bankTransfer({ code, amount, accountNumber, description: `pay:test ${code}` });

const base = process.env.BASE_URL || `http://localhost:${process.env.PORT || "8787"}`;
let res;
try {
  res = await sendBankWebhook(base, secret, body);
} catch (err) {
  fail(`cannot reach ${base} (is npm start running?): ${err.message}`);
}
const text = await res.text();
console.log(`POST ${base}/payments/webhook → ${res.status}`);
console.log(text);
process.exit(res.ok ? 0 : 1);
