// The account answers the SPA reads match their declarations in worker/protocol/accounts.ts (and resources.ts):
// each real answer of the worker is parsed with the schema the SPA uses, so a renamed or retyped field fails here.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import {
  ConnectedAppsSchema,
  EmailChangeStateSchema,
  EmailChangedSchema,
  ExternalModelsSchema,
  LinkedAccountsSchema,
  MemoriesSchema,
  MessageSchema,
  SocialSignInBodySchema,
} from "../../../worker/protocol/accounts";
import { SessionEntrySchema, SocialConfigSchema } from "../../../worker/protocol/resources";
import { AiSettingsSchema } from "../../../worker/protocol/settings";
import { call, json, seedUser } from "../../support/api";
import { googleToken, uniqueId } from "../accounts/social-helpers";

const envelope = <S extends v.GenericSchema>(s: S) => v.object({ status: v.literal("success"), data: s });

async function data<S extends v.GenericSchema>(schema: S, res: Response): Promise<v.InferOutput<S>> {
  expect(res.status).toBeLessThan(300);
  const parsed = v.safeParse(envelope(schema), await json(res));
  if (!parsed.success) throw new Error(`${v.getDotPath(parsed.issues[0])}: ${parsed.issues[0].message}`);
  return parsed.output.data as v.InferOutput<S>; // validated just above (the generic envelope loses the type)
}

describe("account answers against their protocol schemas", () => {
  it("social config, AI settings, memories, sessions, linked accounts, models and apps", async () => {
    const u = await seedUser();
    const auth = { token: u.token };
    await data(SocialConfigSchema, await call("GET", "/auth/social-config"));
    await data(AiSettingsSchema, await call("GET", "/auth/ai-settings", auth));
    await data(
      AiSettingsSchema,
      await call("POST", "/auth/update-chat-customization", {
        ...auth,
        body: { customization: "Be brief", allow_new_chats: false },
      }),
    );
    await data(MemoriesSchema, await call("GET", "/auth/memories", auth));
    await data(v.array(SessionEntrySchema), await call("GET", "/user-sessions", auth));
    const linked = await data(LinkedAccountsSchema, await call("GET", "/auth/linked-accounts", auth));
    expect(linked.has_password).toBe(true);
    await data(ExternalModelsSchema, await call("GET", "/auth/external-models", auth));
    await data(ConnectedAppsSchema, await call("GET", "/auth/connected-apps", auth));
  });

  it("the email change states and the password answers", async () => {
    const u = await seedUser();
    const auth = { token: u.token };
    expect(await data(EmailChangeStateSchema, await call("GET", "/auth/email-verification", auth))).toEqual({
      pending: false,
    });
    const newEmail = `n-${uniqueId()}@example.com`;
    const pending = await data(
      EmailChangeStateSchema,
      await call("POST", "/auth/email-verification/request-change", { ...auth, body: { newEmail } }),
    );
    expect(pending.pending).toBe(true);
    const mail = await env.DB.prepare("SELECT body_text FROM dev_mailbox WHERE to_address = ? ORDER BY id DESC LIMIT 1")
      .bind(newEmail)
      .first<{ body_text: string }>();
    const code = /\b(\d{6})\b/.exec(mail?.body_text ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const changed = await data(
      EmailChangedSchema,
      await call("POST", "/auth/email-verification/verify-code", { ...auth, body: { verificationCode: code } }),
    );
    expect(changed.email).toBe(newEmail);
    await data(MessageSchema, await call("POST", "/auth/forgot-password", { body: { email: newEmail } }));
    await data(
      MessageSchema,
      await call("POST", "/auth/change-password", {
        ...auth,
        body: { currentPassword: u.password, newPassword: "another-pass-1" },
      }),
    );
  });

  it("a social sign-in, signed in or pending", async () => {
    const signedIn = await json(
      await call("POST", "/auth/google", {
        body: { token: await googleToken({ sub: uniqueId(), email: `g-${uniqueId()}@gmail.com` }) },
      }),
    );
    expect(v.parse(SocialSignInBodySchema, signedIn).status).toBe("success");
    const u = await seedUser();
    const pending = await json(
      await call("POST", "/auth/google", { body: { token: await googleToken({ sub: uniqueId(), email: u.email }) } }),
    );
    const parsed = v.parse(SocialSignInBodySchema, pending);
    expect(parsed.status).toBe("pending");
    if (parsed.status === "pending")
      expect(parsed.data).toMatchObject({ requiresLinking: true, email: u.email, provider: "google" });
  });
});
