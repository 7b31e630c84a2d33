import { entry, type ErrorEntry } from "./entry.ts";

/** Signing in: passwords, two-step verification, sign-in and reset links, sign-up approval. */
export const AUTH_ERRORS = {
  invalid_credentials: entry(401, "И-мэйл эсвэл нууц үг буруу байна.", "Wrong e-mail or password."),
  user_inactive: entry(
    403,
    "Таны эрх идэвхгүй болсон байна. Байгууллагынхаа админд хандана уу.",
    "Your account is deactivated. Please contact your organisation's admin.",
  ),
  two_factor_code_invalid: entry(
    401,
    "Баталгаажуулах код буруу эсвэл аль хэдийн ашиглагдсан байна.",
    "The verification code is wrong or has already been used.",
  ),
  two_factor_challenge_expired: entry(
    401,
    "Нэвтрэх хугацаа дууссан байна. Нууц үгээ дахин оруулна уу.",
    "The sign-in has expired. Please enter your password again.",
  ),
  two_factor_enrolment_required: entry(
    403,
    "Байгууллага тань хоёр шатлалт баталгаажуулалт шаарддаг. Эхлээд профайлдаа тохируулна уу.",
    "Your company requires two-step verification. Please set it up on your profile first.",
  ),
  two_factor_already_enabled: entry(409, "Хоёр шатлалт баталгаажуулалт аль хэдийн идэвхтэй байна.", "Two-step verification is already on."),
  two_factor_not_enabled: entry(400, "Хоёр шатлалт баталгаажуулалт идэвхгүй байна.", "Two-step verification is not on."),
  two_factor_setup_missing: entry(400, "Эхлээд QR кодыг үүсгэнэ үү.", "Start the set-up first to get a QR code."),
  handoff_invalid: entry(401, "Нэвтрэх холбоос хүчингүй эсвэл хугацаа нь дууссан байна.", "The sign-in link is invalid or has expired."),
  reset_token_invalid: entry(400, "Нууц үг сэргээх холбоос хүчингүй эсвэл хугацаа нь дууссан байна.", "The password reset link is invalid or has expired."),
  password_too_weak: entry(400, "Нууц үг хамгийн багадаа 8 тэмдэгттэй байна.", "The password must be at least 8 characters."),
  password_required: entry(400, "Эхлээд нууц үгээ тохируулна уу.", "Please set your password first."),
  signup_not_approved: entry(
    403,
    "Таны бүртгэлийг платформын админ хараахан баталгаажуулаагүй байна.",
    "Your sign-up has not been approved by the platform admin yet.",
  ),
  platform_admin_only: entry(403, "Зөвхөн платформын админ хийх боломжтой.", "Only the platform admin can do this."),
} as const satisfies Record<string, ErrorEntry>;
