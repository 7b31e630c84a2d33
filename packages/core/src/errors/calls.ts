import { entry, type ErrorEntry } from "./entry.ts";

/** The call center. */
export const CALL_ERRORS = {
  pbx_not_connected: entry(400, "Дуудлагын төвийн PBX холбогдоогүй байна.", "No PBX is connected for the call center."),
  pbx_unreachable: entry(
    502,
    "PBX-д холбогдож чадсангүй. Хаяг болон ARI тохиргоог шалгана уу.",
    "Could not reach the PBX. Check the address and the ARI settings.",
  ),
  pbx_credentials_invalid: entry(400, "PBX-ийн ARI хэрэглэгчийн нэр эсвэл нууц үг буруу байна.", "The PBX's ARI user name or password is wrong."),
  pbx_password_required: entry(400, "ARI нууц үгээ оруулна уу.", "Enter the ARI password."),
  call_line_exists: entry(409, "Энэ дугаартай шугам бүртгэлтэй байна.", "A line with this number already exists."),
  call_line_not_found: entry(404, "Шугам олдсонгүй.", "Line not found."),
  extension_invalid: entry(400, "Дотуур дугаар зөвхөн цифр, * болон # агуулна.", "An extension has only digits, * and #."),
  extension_taken: entry(409, "Энэ дотуур дугаар эсвэл хэрэглэгч өөр дотуур дугаартай байна.", "This extension, or this user's extension, is already set."),
  extension_not_found: entry(404, "Дотуур дугаар олдсонгүй.", "Extension not found."),
  extension_required: entry(400, "Залгахын тулд танд дотуур дугаар тохируулсан байх ёстой.", "You need an extension to make calls."),
  recording_not_found: entry(404, "Дуудлагын бичлэг олдсонгүй.", "The call recording was not found."),
  recording_not_audio: entry(502, "PBX-ээс ирсэн бичлэг дууны файл биш байна.", "What the PBX sent for this recording is not audio."),
  recording_too_large: entry(502, "PBX-ээс ирсэн бичлэг хэт том байна.", "The recording the PBX sent is too large."),
  recording_unavailable: entry(502, "PBX-ээс бичлэгийг авч чадсангүй.", "The recording could not be fetched from the PBX."),
  call_failed: entry(502, "Дуудлага эхлүүлж чадсангүй.", "The call could not be started."),
  cti_signature_invalid: entry(401, "Гарын үсэг буруу эсвэл хугацаа нь дууссан байна.", "The signature is invalid or expired."),
} as const satisfies Record<string, ErrorEntry>;
