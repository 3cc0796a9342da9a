// The state both auth forms share: values, rule errors shown once the user has tried to submit (then re-checked on
// every change), the request, and where a server refusal shows (under its field, or above the form). Plain state, not
// a React Query mutation: the sign-in page does not load React Query (the signed-in screens do).
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { AUTH_TEXTS } from "./auth-texts";
import { errorMessage } from "../../lib/error-message";
import type { AuthResult } from "./every-page/auth.schemas";
import { takeReturnPath } from "./return-path";
import { type FieldErrors, refusalField } from "./validation";

/** A new session: nothing cached for another user survives, and the signed-in screens start from this user. */
export async function enterApp(user: AuthResult["user"]): Promise<void> {
  const [{ queryClient }, { authKeys }] = await Promise.all([
    import("../../lib/signed-in/query-client"),
    import("./signed-in/auth.queries"),
  ]);
  queryClient.clear();
  queryClient.setQueryData(authKeys.me, user);
}

export function useAuthForm<K extends string, P>(opts: {
  initial: Record<K, string>;
  validate: (values: Record<K, string>) => FieldErrors<K>;
  toPayload: (values: Record<K, string>) => P;
  submit: (payload: P) => Promise<AuthResult>;
  /** Which field a server error belongs to, when the server does not name one (e.g. email_taken → email). */
  fieldForCode?: (code: string) => K | undefined;
  /** Options for the translated rule messages (e.g. the minimum password length). */
  messageOptions?: Record<string, unknown>;
}) {
  const { t } = useTranslation(AUTH_TEXTS);
  const navigate = useNavigate();
  const [values, setValues] = useState(opts.initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [submitted, setSubmitted] = useState(false);

  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);

  const submit = async (payload: P) => {
    setPending(true);
    setServerError(null);
    try {
      const result = await opts.submit(payload);
      await enterApp(result.user);
      await navigate({ href: takeReturnPath() ?? "/" });
    } catch (err) {
      setServerError(err);
    } finally {
      setPending(false);
    }
  };

  const update = (key: K, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) setErrors(opts.validate(next));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = opts.validate(values);
    setErrors(found);
    if (Object.keys(found).length || pending) return;
    void submit(opts.toPayload(values));
  };

  // a field the form does not show (the Turnstile widget's turnstile_token) is said above the form
  const named = refusalField(serverError, opts.fieldForCode);
  const serverField = named && named in opts.initial ? named : undefined;
  const fieldError = (key: K): string | undefined => {
    const rule = errors[key];
    if (rule) return t(rule, opts.messageOptions);
    return serverField === key ? errorMessage(t, serverError) : undefined;
  };
  /** A server refusal that belongs to no field, shown above the form. */
  const formError = serverError && !serverField ? errorMessage(t, serverError) : undefined;

  return { values, update, onSubmit, fieldError, formError, pending };
}
