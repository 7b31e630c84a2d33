/**
 * Mail texts are bilingual (mn first) because the recipient's language is not known yet. A mail whose link signs its
 * recipient in says so (`carriesSecret`): the outbox never shows it to anyone else (platform/mail/mailer.ts).
 */
export function passwordResetMail(link: string) {
  return {
    subject: "Holboo: нууц үг сэргээх / reset your password",
    text: [
      "Нууц үгээ сэргээхийн тулд доорх холбоосыг 1 цагийн дотор нээнэ үү:",
      link,
      "",
      "To reset your password, open this link within 1 hour:",
      link,
      "",
      "Хэрэв та хүсээгүй бол энэ мэйлийг үл тоомсорлоно уу. / If you did not ask for this, ignore this e-mail.",
    ].join("\n"),
    carriesSecret: true,
  };
}

export function lockoutNoticeMail(failures: number, resetLink: string) {
  return {
    subject: "Holboo: таны бүртгэлд нэвтрэх оролдлого / sign-in attempts on your account",
    text: [
      `Таны Holboo бүртгэлд буруу нууц үгээр ${failures} удаа нэвтрэхийг оролдлоо. Бүртгэлд нэвтрэх оролдлогыг одоохондоо удаашруулсан.`,
      "Хэрэв энэ та биш бол нууц үгээ солино уу:",
      resetLink,
      "",
      `Someone tried to sign in to your Holboo account with a wrong password ${failures} times. Sign-ins to it are slowed down for now.`,
      "If it was not you, change your password:",
      resetLink,
    ].join("\n"),
  };
}
