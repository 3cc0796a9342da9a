// The one Hono environment type of the routes: the Worker's bindings (worker/env.ts) and the per-request variables
// the middleware sets (auth-middleware.ts).
import type { UserHubStub } from "../../durable-objects/user-hub-stub";
import type { Db } from "../db/client";
import type { ErrorCode } from "../protocol/errors";
import type { SessionUser } from "../db/users";

export interface AuthSession {
  id: string;
  userId: string;
  /** How the credentials arrived: cookies need a same-origin check on state-changing calls. */
  via: "cookie" | "header";
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** The main database: accounts, sessions, payments, the directory and everything global. */
    db: Db;
    /** The signed-in user's chat shard (worker/db/shards.ts): their chats, messages, search indexes and images. */
    chats: Db;
    user: SessionUser;
    session: AuthSession;
    /** The signed-in user's object (it authenticated the call): the owner the db/ writers of its state tell. */
    hub: UserHubStub;
    /** This request's id (request-log.ts), also its X-Request-Id response header. */
    requestId: string;
    /** The code of the error this request was answered with (errors.ts), for its log line. */
    errorCode?: ErrorCode;
  };
}
