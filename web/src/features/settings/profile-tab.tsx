// Profile: avatar (uploaded to R2 through /auth/avatar), name, phone, birthday, gender, the referral code, and the
// email, which changes only through a code sent to the new address (ChangeEmailDialog).
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { ProfileUpdate } from "../../../../worker/protocol/account-requests";
import { errorMessage } from "../../lib/error-message";
import { meQuery } from "../auth/signed-in/auth.queries";
import type { User } from "../auth/every-page/auth.schemas";
import { Field } from "../auth/auth-page";
import { toast } from "../toast/toast.atoms";
import { ChangeEmailDialog } from "./change-email-dialog";
import { Section } from "./section";
import { removeAvatar, updateProfile, uploadAvatar } from "./settings.api";
import { useUserUpdate } from "./use-user-update";
import { validatePhone } from "./validation";

/** Largest avatar the worker keeps: 2 MB (checked here first to spare the upload). */
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const GENDERS = ["male", "female", "other"] as const;

export function ProfileTab() {
  const me = useQuery(meQuery());
  if (!me.data) return <div className="spinner" role="status" aria-label="…" />;
  return <ProfileForm key={me.data.id} user={me.data} />;
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation("accounts");
  const { t: tc } = useTranslation();
  const setUser = useUserUpdate();
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState(user.phone_number ?? "");
  const [birthday, setBirthday] = useState(user.birthday ?? "");
  const [gender, setGender] = useState<string>(user.gender ?? "");
  const [ruleError, setRuleError] = useState<{ field: "name" | "phone"; key: string } | null>(null);
  const [emailOpen, setEmailOpen] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const save = useMutation({
    mutationFn: (patch: ProfileUpdate) => updateProfile(patch),
    onSuccess: ({ user: next }) => {
      setUser(next);
      toast.success(t("profile.saved"));
    },
    onError: (err) => toast.error(errorMessage(tc, err)),
  });
  const avatar = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: ({ user: next }) => {
      setUser(next);
      toast.success(t("profile.avatarSaved"));
    },
    onError: (err) => toast.error(errorMessage(tc, err)),
  });
  const dropAvatar = useMutation({
    mutationFn: removeAvatar,
    onSuccess: ({ user: next }) => next && setUser(next),
    onError: (err) => toast.error(errorMessage(tc, err)),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setRuleError({ field: "name", key: "profile.nameRequired" });
    const phoneRule = validatePhone(phone);
    if (phoneRule) return setRuleError({ field: "phone", key: phoneRule });
    setRuleError(null);
    save.mutate({
      name: name.trim(),
      phone_number: phone.trim() || null,
      birthday: birthday || null,
      gender: GENDERS.find((g) => g === gender) ?? null,
    });
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) return void toast.error(t("profile.avatarTooLarge"));
    avatar.mutate(file);
  };

  const referral = user.affiliate_code ?? user.referral_code ?? null;
  const today = new Date().toISOString().slice(0, 10);

  return (
    <>
      <Section title={t("profile.avatar")}>
        <div className="settings-avatar">
          <span className="avatar avatar--lg" aria-hidden="true">
            {user.avatar ? (
              <img src={user.avatar} alt="" data-testid="settings-avatar-image" />
            ) : (
              user.name.slice(0, 1).toUpperCase()
            )}
          </span>
          <input
            ref={fileRef}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="visually-hidden"
            data-testid="avatar-input"
            aria-label={t("profile.avatarUpload")}
            onChange={(e) => {
              onFile(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
          <button
            type="button"
            className="btn btn--sm"
            disabled={avatar.isPending}
            onClick={() => fileRef.current?.click()}
          >
            {avatar.isPending ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
            {t("profile.avatarUpload")}
          </button>
          {user.avatar ? (
            <button
              type="button"
              className="btn btn--sm btn--ghost"
              disabled={dropAvatar.isPending}
              onClick={() => dropAvatar.mutate()}
            >
              {t("profile.avatarRemove")}
            </button>
          ) : null}
        </div>
        <p className="settings-hint">{t("profile.avatarHint")}</p>
      </Section>

      <Section title={t("profile.details")}>
        <form className="settings-form" onSubmit={onSubmit} noValidate data-testid="profile-form">
          <Field
            label={t("profile.name")}
            name="profile-name"
            autoComplete="name"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            error={ruleError?.field === "name" ? t(ruleError.key) : undefined}
          />
          <Field
            label={t("profile.phone")}
            name="profile-phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            error={ruleError?.field === "phone" ? t(ruleError.key) : undefined}
          />
          <Field
            label={t("profile.birthday")}
            name="profile-birthday"
            type="date"
            max={today}
            value={birthday}
            onChange={(e) => setBirthday(e.target.value)}
          />
          <div className="field">
            <label className="field__label" htmlFor="profile-gender">
              {t("profile.gender")}
            </label>
            <select
              id="profile-gender"
              className="input"
              value={gender}
              data-testid="field-profile-gender"
              onChange={(e) => setGender(e.target.value)}
            >
              <option value="">{t("profile.genderUnset")}</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {t(`profile.genders.${g}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <button type="submit" className="btn btn--primary" disabled={save.isPending} data-testid="profile-save">
              {save.isPending ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
              {tc("common.save")}
            </button>
          </div>
        </form>
      </Section>

      <Section title={t("profile.email")}>
        <div className="settings-row">
          <span data-testid="profile-email">{user.email}</span>
          <button type="button" className="btn btn--sm" onClick={() => setEmailOpen(true)} data-testid="change-email">
            {t("email.change")}
          </button>
        </div>
      </Section>

      <Section title={t("profile.referral")} description={t("profile.referralHint")}>
        {referral ? (
          <div className="settings-row">
            <code className="settings-code" data-testid="referral-code">
              {referral}
            </code>
            <button
              type="button"
              className="btn btn--sm btn--ghost"
              onClick={() =>
                void navigator.clipboard?.writeText(referral).then(
                  () => toast.success(t("profile.copied")),
                  () => {},
                )
              }
            >
              {t("profile.copy")}
            </button>
          </div>
        ) : (
          <Link className="btn btn--sm" to="/affiliate">
            {t("profile.joinReferral")}
          </Link>
        )}
      </Section>

      <ChangeEmailDialog open={emailOpen} onClose={() => setEmailOpen(false)} currentEmail={user.email} />
    </>
  );
}
