// Helpers for the account tests: the latest mail to an address (from the dev mailbox table) and the code in it.
import { env } from "cloudflare:workers";

export async function latestMail(to: string): Promise<{ subject: string; body_text: string } | null> {
  return env.DB.prepare("SELECT subject, body_text FROM dev_mailbox WHERE to_address = ? ORDER BY id DESC LIMIT 1")
    .bind(to.toLowerCase())
    .first<{ subject: string; body_text: string }>();
}

export async function mailCount(to: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM dev_mailbox WHERE to_address = ?")
    .bind(to.toLowerCase())
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The 6-digit code of the latest mail to `to`. */
export async function latestCode(to: string): Promise<string> {
  const mail = await latestMail(to);
  const code = mail?.body_text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** Moves the user's pending email change (or reset) back in time, as if `ms` had passed. */
export async function ageRow(table: "email_verifications" | "password_resets", userId: string, ms: number) {
  await env.DB.prepare(`UPDATE ${table} SET sent_at = sent_at - ?, expires_at = expires_at - ? WHERE user_id = ?`)
    .bind(ms, ms, userId)
    .run();
}
