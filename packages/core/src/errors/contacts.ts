import { entry, type ErrorEntry } from "./entry.ts";

/** Contacts. */
export const CONTACT_ERRORS = {
  contact_not_found: entry(404, "Харилцагч олдсонгүй.", "Contact not found."),
  contact_exists: entry(409, "Харилцагч бүртгэлтэй байна. Засах эсвэл нэгтгэх үү?", "The contact already exists. Edit it or merge instead?"),
  contact_add_failed: entry(500, "Харилцагч нэмэхэд алдаа гарлаа.", "Adding the contact failed."),
  contact_add_timeout: entry(
    504,
    "Харилцагч нэмэх хүсэлтийн хугацаа дууслаа. Харилцагч үүссэн эсэхийг шалгаад дахин оролдоно уу.",
    "Adding the contact timed out. Check whether it was created, then try again.",
  ),
  contact_merge_same_ids: entry(400, "Нэгтгэх хоёр харилцагч өөр байх ёстой.", "Merging needs two different contacts."),
  contact_merge_different_account: entry(
    409,
    "Өөр Facebook хаягтай харилцагчдыг нэгтгэх боломжгүй.",
    "Contacts with different Facebook accounts cannot be merged.",
  ),
  contact_has_open_work: entry(
    409,
    "Нээлттэй харилцаа эсвэл шийдэгдээгүй хүсэлттэй харилцагчийг устгах боломжгүй.",
    "A contact with open interactions or unresolved issues cannot be deleted.",
  ),
  contact_phone_or_email_required: entry(400, "Утас эсвэл и-мэйлийн аль нэгийг оруулна уу.", "Enter a phone number or an e-mail."),
  contact_surname_too_short: entry(400, "Овог хэт богино байна.", "The surname is too short."),
  contact_address_too_long: entry(400, "Хаягийн дэлгэрэнгүй хэт урт байна.", "The address detail is too long."),
  contact_note_too_long: entry(400, "Тэмдэглэл 1000 тэмдэгтээс ихгүй байна.", "The note must be at most 1000 characters."),
  contact_type_not_found: entry(404, "Харилцагчийн төрөл олдсонгүй.", "Contact type not found."),
  contact_type_exists: entry(409, "Харилцагчийн төрөл бүртгэлтэй байна.", "This contact type already exists."),
  import_file_invalid: entry(415, "Файл CSV эсвэл XLSX биш, эсвэл гэмтсэн байна.", "The file is not a valid CSV or XLSX file."),
  import_file_too_large: entry(413, "Импортын файл хэт том байна.", "The import file is too large."),
  import_too_many_rows: entry(413, "Импортын файлд хэт олон мөр байна.", "The import file has too many rows."),
  import_mapping_invalid: entry(400, "Баганын тохируулга буруу байна. Нэрийн баганыг сонгоно уу.", "The column mapping is invalid. Choose the name column."),
  mail_server_failure: entry(502, "Мэйл серверийн алдаа.", "Mail server failure."),
  dashboard_range_invalid: entry(400, "Хугацааны муж буруу байна.", "The date range is invalid."),
  invalid_mail_body: entry(400, "Мэйлийн агуулга буруу байна.", "The mail body is invalid."),
} as const satisfies Record<string, ErrorEntry>;
