// The texts of the mails the worker sends, in the four product languages, chosen by the product's language rule
// (worker/protocol/language.ts): the user's stored choice, else the language the request asks for (Accept-Language:
// the SPA sends the language it shows, another client its browser's), else English. Plain text: every mail client
// shows it, and no HTML means no injection to escape.
import { acceptedLanguages, chooseLanguage, type Language } from "../protocol/language";
import type { Mail } from "./send";

export type MailLanguage = Language;

/** The language of a mail to a user whose stored choice is `stored`, asked for by a request with this Accept-Language. */
export function mailLanguage(
  stored: string | null | undefined,
  acceptLanguage: string | null | undefined,
): MailLanguage {
  return chooseLanguage(stored, acceptedLanguages(acceptLanguage));
}

/** "10 минут", "1 минуту", "3 минуты": Russian counts take the noun's form by the number (accusative of duration). */
function ruMinutes(n: number): string {
  const form = new Intl.PluralRules("ru").select(n);
  return `${n} ${form === "one" ? "минуту" : form === "few" ? "минуты" : "минут"}`;
}

interface Texts {
  emailCodeSubject: string;
  emailCodeBody: (code: string, minutes: number) => string;
  emailChangedSubject: string;
  emailChangedBody: (newEmail: string) => string;
  resetSubject: string;
  resetBody: (code: string, link: string, minutes: number) => string;
}

const TEXTS: Record<MailLanguage, Texts> = {
  vi: {
    emailCodeSubject: "Mã xác minh email Mây",
    emailCodeBody: (code, m) =>
      `Mã xác minh của bạn là ${code}. Mã có hiệu lực trong ${m} phút.\n\nNếu bạn không yêu cầu đổi email, hãy bỏ qua thư này.`,
    emailChangedSubject: "Email tài khoản Mây đã được thay đổi",
    emailChangedBody: (e) =>
      `Email đăng nhập tài khoản Mây của bạn đã được đổi thành ${e}.\n\nNếu không phải bạn thực hiện thay đổi này, hãy liên hệ bộ phận hỗ trợ ngay.`,
    resetSubject: "Đặt lại mật khẩu Mây",
    resetBody: (code, link, m) =>
      `Mã đặt lại mật khẩu của bạn là ${code}. Bạn cũng có thể mở liên kết sau:\n${link}\n\nMã và liên kết có hiệu lực trong ${m} phút. Nếu bạn không yêu cầu đặt lại mật khẩu, hãy bỏ qua thư này.`,
  },
  en: {
    emailCodeSubject: "Your Mây email verification code",
    emailCodeBody: (code, m) =>
      `Your verification code is ${code}. It is valid for ${m} minutes.\n\nIf you did not ask to change your email, you can ignore this message.`,
    emailChangedSubject: "The email of your Mây account was changed",
    emailChangedBody: (e) =>
      `The sign-in email of your Mây account is now ${e}.\n\nIf you did not make this change, contact support right away.`,
    resetSubject: "Reset your Mây password",
    resetBody: (code, link, m) =>
      `Your password reset code is ${code}. You can also open this link:\n${link}\n\nThe code and the link are valid for ${m} minutes. If you did not ask to reset your password, you can ignore this message.`,
  },
  ru: {
    emailCodeSubject: "Код подтверждения email для Mây",
    emailCodeBody: (code, m) =>
      `Ваш код подтверждения: ${code}. Он действует ${ruMinutes(m)}.\n\nЕсли вы не запрашивали смену email, просто проигнорируйте это письмо.`,
    emailChangedSubject: "Email вашего аккаунта Mây изменён",
    emailChangedBody: (e) =>
      `Теперь для входа в ваш аккаунт Mây используется email ${e}.\n\nЕсли вы этого не делали, немедленно свяжитесь со службой поддержки.`,
    resetSubject: "Сброс пароля Mây",
    resetBody: (code, link, m) =>
      `Ваш код для сброса пароля: ${code}. Можно также открыть ссылку:\n${link}\n\nКод и ссылка действуют ${ruMinutes(m)}. Если вы не запрашивали сброс пароля, просто проигнорируйте это письмо.`,
  },
  zh: {
    emailCodeSubject: "Mây 邮箱验证码",
    emailCodeBody: (code, m) => `您的验证码是 ${code}，${m} 分钟内有效。\n\n如果您没有申请更换邮箱，请忽略此邮件。`,
    emailChangedSubject: "您的 Mây 账户邮箱已更改",
    emailChangedBody: (e) => `您的 Mây 账户登录邮箱已更改为 ${e}。\n\n如果这不是您本人操作，请立即联系客服。`,
    resetSubject: "重置您的 Mây 密码",
    resetBody: (code, link, m) =>
      `您的密码重置码是 ${code}。您也可以打开以下链接：\n${link}\n\n验证码和链接在 ${m} 分钟内有效。如果您没有申请重置密码，请忽略此邮件。`,
  },
};

export function emailCodeMail(lang: MailLanguage, to: string, code: string, minutes: number): Mail {
  const t = TEXTS[lang];
  return { to, subject: t.emailCodeSubject, text: t.emailCodeBody(code, minutes) };
}

export function emailChangedMail(lang: MailLanguage, to: string, newEmail: string): Mail {
  const t = TEXTS[lang];
  return { to, subject: t.emailChangedSubject, text: t.emailChangedBody(newEmail) };
}

export function passwordResetMail(lang: MailLanguage, to: string, code: string, link: string, minutes: number): Mail {
  const t = TEXTS[lang];
  return { to, subject: t.resetSubject, text: t.resetBody(code, link, minutes) };
}
