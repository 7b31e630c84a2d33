/** Mail texts are bilingual (mn first) because the recipient's language is not known yet. */
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
  };
}

export function inviteMail(link: string, companyName: string, inviterName: string) {
  return {
    subject: `Holboo: ${companyName}`,
    text: [
      `${inviterName} таныг Holboo дээрх "${companyName}" байгууллагад урьж байна. Нэвтрэхийн тулд холбоосыг нээнэ үү:`,
      link,
      "",
      `${inviterName} invited you to "${companyName}" on Holboo. Open this link to sign in:`,
      link,
    ].join("\n"),
  };
}
