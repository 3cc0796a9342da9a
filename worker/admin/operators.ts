// Who runs Mây: the operators named by ADMIN_EMAILS (comma- or space-separated addresses, configuration). Locally,
// `npm start` writes ADMIN_FIRST_ACCOUNT=1 into .dev.vars, which also makes the first account ever registered an
// operator, so the console can be tried offline; a deployed Worker never has that variable. Users are never shown
// any role: the console answers 404 to everyone else (worker/http/admin-wall.ts).
import { and, asc, ne } from "drizzle-orm";
import { DELETED_ACCOUNT_ID } from "../auth/account-deletion";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { normalizeEmail, type SessionUser } from "../db/users";

/** The addresses in ADMIN_EMAILS, normalized as accounts store them. */
export function operatorEmails(env: Pick<Env, "ADMIN_EMAILS">): Set<string> {
  return new Set(
    (env.ADMIN_EMAILS ?? "")
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map(normalizeEmail),
  );
}

/** The id of the first account registered (the deleted-accounts placeholder aside), or null. */
async function firstAccountId(db: Db): Promise<string | null> {
  const [first] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(ne(users.id, DELETED_ACCOUNT_ID)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return first?.id ?? null;
}

export async function isOperator({
  env,
  db,
  user,
}: {
  env: Pick<Env, "ADMIN_EMAILS" | "ADMIN_FIRST_ACCOUNT">;
  db: Db;
  user: Pick<SessionUser, "id" | "email">;
}): Promise<boolean> {
  if (operatorEmails(env).has(normalizeEmail(user.email))) return true;
  return env.ADMIN_FIRST_ACCOUNT === "1" && (await firstAccountId(db)) === user.id;
}
