// Outgoing mail (email-change codes, password resets, notices). With MAIL_API_URL and MAIL_API_KEY configured, mail
// is POSTed as JSON to that HTTP email API in Resend's format ({from, to: [..], subject, text}, bearer key; Resend
// itself: https://api.resend.com/emails). With no mail API and DEV_MAILBOX=1 (local only: `npm start` writes it
// into .dev.vars, never wrangler.toml, so a deploy cannot carry it), mail is printed to the console and kept in the
// dev_mailbox table that GET /dev/mailbox shows. With neither, sending refuses with 503 mail_not_configured rather
// than pretending: a production worker must never print codes into its logs.
import * as v from "valibot";
import { devMailbox } from "../db/schema";
import type { Db } from "../db/client";
import { AppError } from "../errors";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** How long the email API may take before the send fails, in milliseconds. */
const MAIL_API_TIMEOUT_MS = 10_000;
const DEFAULT_FROM = "Mây <no-reply@may.local>";

type MailEnv = Pick<Env, "MAIL_API_URL" | "MAIL_API_KEY" | "MAIL_FROM" | "DEV_MAILBOX">;

export type MailTransport = "api" | "dev-mailbox" | null;

export function mailTransport(env: MailEnv): MailTransport {
  if (env.MAIL_API_URL && env.MAIL_API_KEY) return "api";
  if (!env.MAIL_API_URL && env.DEV_MAILBOX === "1") return "dev-mailbox";
  return null;
}

/** Throws 503 when no way to send mail is configured (checked before any account lookup, so it leaks nothing). */
export function assertMailConfigured(env: MailEnv) {
  if (!mailTransport(env)) throw new AppError("mail_not_configured", "Sending email is not set up on this server");
}

/** Resend answers {id}; an error is {statusCode, message, name} (other APIs: anything with a message). */
const ApiErrorSchema = v.looseObject({ message: v.optional(v.string()) });

export async function sendMail({ env, db, mail }: { env: MailEnv; db: Db; mail: Mail }): Promise<void> {
  const transport = mailTransport(env);
  if (transport === "api") {
    let res: Response;
    try {
      res = await fetch(env.MAIL_API_URL!, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${env.MAIL_API_KEY}` },
        body: JSON.stringify({
          from: env.MAIL_FROM || DEFAULT_FROM,
          to: [mail.to],
          subject: mail.subject,
          text: mail.text,
        }),
        signal: AbortSignal.timeout(MAIL_API_TIMEOUT_MS),
      });
    } catch (err) {
      console.error("mail API unreachable", err);
      throw new AppError("mail_failed", "Failed to send the email. Please try again.");
    }
    if (!res.ok) {
      const parsed = v.safeParse(ApiErrorSchema, await res.json().catch(() => null));
      console.error("mail API refused", res.status, parsed.success ? parsed.output.message : "");
      throw new AppError("mail_failed", "Failed to send the email. Please try again.");
    }
    return;
  }
  if (transport === "dev-mailbox") {
    console.log(`\n[dev mailbox] To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
    await db.insert(devMailbox).values({ toAddress: mail.to, subject: mail.subject, bodyText: mail.text });
    return;
  }
  throw new AppError("mail_not_configured", "Sending email is not set up on this server");
}
