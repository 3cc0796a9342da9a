// Reads the local dev mailbox (GET /dev/mailbox/messages?to=…), where the local server keeps the mail it would send.
export async function latestMail(
  baseURL: string,
  to: string,
  timeoutMs = 10_000,
): Promise<{ subject: string; text: string }> {
  const started = Date.now();
  for (;;) {
    const res = await fetch(`${baseURL}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
    if (!res.ok) throw new Error(`dev mailbox answered ${res.status}`);
    const body = (await res.json()) as { data: { subject: string; text: string }[] };
    if (body.data[0]) return body.data[0];
    if (Date.now() - started > timeoutMs) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The 6-digit code in the newest mail to `to`. */
export async function mailedCode(baseURL: string, to: string): Promise<string> {
  const mail = await latestMail(baseURL, to);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in: ${mail.text}`);
  return code;
}
