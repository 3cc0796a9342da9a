// The texts of the mails the worker sends, in the four product languages (the user's stored language, else the
// product default Vietnamese). Plain text: every mail client shows it, and no HTML means no injection to escape.
import type { Mail } from "./send";

export type MailLanguage = "vi" | "en" | "ru" | "zh";

export function mailLanguage(language: string | null | undefined): MailLanguage {
  return language === "en" || language === "ru" || language === "zh" ? language : "vi";
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
    emailCodeBody: (code, m) => `Mã xác minh của bạn là ${code}. Mã có hiệu lực trong ${m} phút.\n\nNếu bạn không yêu cầu đổi email, hãy bỏ qua thư này.`,
    emailChangedSubject: "Email tài khoản Mây đã được thay đổi",
    emailChangedBody: (e) => `Email đăng nhập của tài khoản Mây đã được đổi thành ${e}.\n\nNếu không phải bạn, hãy liên hệ hỗ trợ ngay.`,
    resetSubject: "Đặt lại mật khẩu Mây",
    resetBody: (code, link, m) => `Mã đặt lại mật khẩu của bạn là ${code}, hoặc mở liên kết sau:\n${link}\n\nMã và liên kết có hiệu lực trong ${m} phút. Nếu bạn không yêu cầu, hãy bỏ qua thư này.`,
  },
  en: {
    emailCodeSubject: "Your Mây email verification code",
    emailCodeBody: (code, m) => `Your verification code is ${code}. It is valid for ${m} minutes.\n\nIf you did not ask to change your email, ignore this message.`,
    emailChangedSubject: "The email of your Mây account was changed",
    emailChangedBody: (e) => `The sign-in email of your Mây account is now ${e}.\n\nIf this was not you, contact support at once.`,
    resetSubject: "Reset your Mây password",
    resetBody: (code, link, m) => `Your password reset code is ${code}, or open this link:\n${link}\n\nThe code and link are valid for ${m} minutes. If you did not ask for this, ignore this message.`,
  },
  ru: {
    emailCodeSubject: "Код подтверждения email для Mây",
    emailCodeBody: (code, m) => `Ваш код подтверждения: ${code}. Он действителен ${m} минут.\n\nЕсли вы не запрашивали смену email, проигнорируйте это письмо.`,
    emailChangedSubject: "Email вашего аккаунта Mây изменён",
    emailChangedBody: (e) => `Email для входа в аккаунт Mây теперь ${e}.\n\nЕсли это были не вы, немедленно свяжитесь с поддержкой.`,
    resetSubject: "Сброс пароля Mây",
    resetBody: (code, link, m) => `Ваш код для сброса пароля: ${code}, или откройте ссылку:\n${link}\n\nКод и ссылка действительны ${m} минут. Если вы этого не запрашивали, проигнорируйте письмо.`,
  },
  zh: {
    emailCodeSubject: "Mây 邮箱验证码",
    emailCodeBody: (code, m) => `您的验证码是 ${code}，${m} 分钟内有效。\n\n如果您没有申请更换邮箱，请忽略此邮件。`,
    emailChangedSubject: "您的 Mây 账户邮箱已更改",
    emailChangedBody: (e) => `您的 Mây 账户登录邮箱已更改为 ${e}。\n\n如果这不是您本人操作，请立即联系客服。`,
    resetSubject: "重置您的 Mây 密码",
    resetBody: (code, link, m) => `您的密码重置码是 ${code}，或打开以下链接：\n${link}\n\n验证码和链接 ${m} 分钟内有效。如果您没有申请，请忽略此邮件。`,
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
