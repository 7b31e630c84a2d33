/**
 * The invitation to a company, bilingual (mn first) because the invited person's language is not known yet;
 * its link signs the person in (`carriesSecret`), so the outbox never shows it to anyone else.
 */
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
    carriesSecret: true,
  };
}
