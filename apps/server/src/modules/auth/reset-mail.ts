/** The password-reset email, in the language of the request that asked for it. */
import { type Locale, VERIFICATION_CODE_TTL_SECONDS } from '@tradehall/domain';
import type { MailMessage } from '../../platform/mailer.ts';

const MINUTES = VERIFICATION_CODE_TTL_SECONDS / 60;

const TEXTS: Record<Locale, { subject: string; body: (code: string) => string }> = {
  en: {
    subject: 'Your Tradehall verification code',
    body: (code) =>
      `Your verification code is ${code}.\n\nIt is valid for ${MINUTES} minutes and can be used once. ` +
      'If you did not ask to reset your password, ignore this email; your password stays unchanged.',
  },
  'zh-cn': {
    subject: 'Tradehall 验证码',
    body: (code) =>
      `您的验证码是 ${code}。\n\n验证码 ${MINUTES} 分钟内有效，仅可使用一次。如果您没有申请重置密码，请忽略此邮件，您的密码不会改变。`,
  },
  'zh-hk': {
    subject: 'Tradehall 驗證碼',
    body: (code) =>
      `您的驗證碼是 ${code}。\n\n驗證碼 ${MINUTES} 分鐘內有效，只可使用一次。如果您沒有申請重設密碼，請忽略此郵件，您的密碼不會改變。`,
  },
  jp: {
    subject: 'Tradehall 認証コード',
    body: (code) =>
      `認証コードは ${code} です。\n\n有効期限は${MINUTES}分で、1回のみ使用できます。パスワードの再設定を依頼していない場合は、このメールを無視してください。パスワードは変更されません。`,
  },
  kr: {
    subject: 'Tradehall 인증 코드',
    body: (code) =>
      `인증 코드는 ${code} 입니다.\n\n${MINUTES}분 동안 유효하며 한 번만 사용할 수 있습니다. 비밀번호 재설정을 요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 변경되지 않습니다.`,
  },
  vi: {
    subject: 'Mã xác minh Tradehall của bạn',
    body: (code) =>
      `Mã xác minh của bạn là ${code}.\n\nMã có hiệu lực trong ${MINUTES} phút và chỉ dùng được một lần. ` +
      'Nếu bạn không yêu cầu đặt lại mật khẩu, hãy bỏ qua email này; mật khẩu của bạn sẽ không thay đổi.',
  },
  th: {
    subject: 'รหัสยืนยัน Tradehall ของคุณ',
    body: (code) =>
      `รหัสยืนยันของคุณคือ ${code}\n\nรหัสนี้ใช้ได้ ${MINUTES} นาทีและใช้ได้เพียงครั้งเดียว ` +
      'หากคุณไม่ได้ขอรีเซ็ตรหัสผ่าน โปรดเพิกเฉยต่ออีเมลนี้ รหัสผ่านของคุณจะไม่เปลี่ยนแปลง',
  },
  ydn: {
    subject: 'Kode verifikasi Tradehall Anda',
    body: (code) =>
      `Kode verifikasi Anda adalah ${code}.\n\nKode berlaku selama ${MINUTES} menit dan hanya dapat digunakan sekali. ` +
      'Jika Anda tidak meminta pengaturan ulang kata sandi, abaikan email ini; kata sandi Anda tidak berubah.',
  },
};

export function resetCodeMail(locale: Locale, to: string, code: string): MailMessage {
  const text = TEXTS[locale];
  return { to, subject: text.subject, text: text.body(code) };
}
