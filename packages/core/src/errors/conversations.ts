import { formatFileSize } from "../file-size.ts";
import { LIMITS } from "../limits.ts";
import { entry, type ErrorEntry } from "./entry.ts";

/** Interactions, saved responses and tags, issues. */
export const CONVERSATION_ERRORS = {
  // Interactions
  interaction_not_found: entry(404, "Харилцаа олдсонгүй.", "Interaction not found."),
  interaction_closed: entry(409, "Харилцаа хаагдсан байна.", "The interaction is closed."),
  interaction_already_open: entry(
    409,
    "Энэ харилцагчтай энэ сувгаар нээлттэй харилцаа байна.",
    "This contact already has an open interaction on this channel.",
  ),
  contact_not_on_channel: entry(400, "Харилцагч энэ сувгаар холбогдоогүй байна.", "The contact has no account on this channel."),
  channel_not_for_messages: entry(
    400,
    "Утасны шугамаар мессеж илгээх боломжгүй. Харилцагч руу залгана уу.",
    "A phone line carries calls, not messages. Call the contact instead.",
  ),
  interaction_title_required: entry(400, "Гарчиг оруулна уу.", "Please enter a title."),
  escalate_failed: entry(409, "Хүн рүү шилжүүлэх боломжгүй байна.", "The interaction cannot be escalated."),
  message_empty: entry(400, "Мессеж хоосон байна.", "The message is empty."),
  attachment_too_large: entry(
    413,
    `Хавсралтын хэмжээ ${formatFileSize(LIMITS.attachmentBytes, "mn")} хүртэл байна.`,
    `Attachments must be at most ${formatFileSize(LIMITS.attachmentBytes, "en")}.`,
  ),
  attachment_type_not_allowed: entry(415, "Энэ төрлийн файл хавсаргах боломжгүй.", "This file type cannot be attached."),
  rating_already_given: entry(409, "Үнэлгээ аль хэдийн өгсөн байна.", "The rating has already been given."),
  rating_link_invalid: entry(404, "Үнэлгээний холбоос хүчингүй байна.", "The rating link is invalid."),
  assignee_invalid: entry(400, "Хариуцагч буруу байна.", "The assignee is invalid."),

  // Saved responses and tags
  saved_response_key_invalid: entry(400, "Түлхүүр үгэнд хоосон зай байж болохгүй.", "The key cannot contain spaces."),
  saved_response_not_found: entry(404, "Бэлэн хариулт олдсонгүй.", "Saved response not found."),
  tag_exists: entry(409, "Шошго бүртгэлтэй байна.", "The tag already exists."),
  tag_name_too_short: entry(400, "Шошгоны нэр хамгийн багадаа 2 тэмдэгт байна.", "The tag name must be at least 2 characters."),
  tag_not_found: entry(404, "Шошго олдсонгүй.", "Tag not found."),

  // Issues (customer requests), issue types, tags and reasons
  issue_not_found: entry(404, "Хүсэлт олдсонгүй.", "Issue not found."),
  issue_type_not_found: entry(404, "Хүсэлтийн төрөл олдсонгүй.", "Issue type not found."),
  issue_tag_not_found: entry(404, "Хүсэлтийн шошго олдсонгүй.", "Issue tag not found."),
  issue_reason_not_found: entry(404, "Хүсэлтийн шалтгаан олдсонгүй.", "Issue reason not found."),
  issue_setting_exists: entry(409, "Ийм нэртэй бүртгэл байна.", "An entry with this name already exists."),
  issue_contact_empty: entry(400, "Харилцагч сонгоно уу.", "Please choose the customer."),
  issue_contact_not_found: entry(404, "Харилцагч олдсонгүй.", "Customer not found."),
  issue_name_empty: entry(400, "Хүсэлтийн нэр оруулна уу.", "Please enter the issue name."),
  issue_name_too_short: entry(400, "Хүсэлтийн нэр хэт богино байна.", "The issue name is too short."),
  issue_status_invalid: entry(400, "Төлөв буруу байна.", "The status is invalid."),
  issue_status_transition_invalid: entry(409, "Энэ төлөв рүү шилжүүлэх боломжгүй.", "The issue cannot move to this status."),
  issue_channel_empty: entry(400, "Суваг сонгоно уу.", "Please choose the channel."),
  issue_priority_invalid: entry(400, "Зэрэглэл буруу байна.", "The priority is invalid."),
  issue_created_date_invalid: entry(400, "Бүртгэсэн огноо буруу байна.", "The registered date is invalid."),
  issue_due_date_invalid: entry(400, "Дуусах хугацаа буруу байна.", "The due date is invalid."),
  issue_assignee_empty: entry(400, "Хариуцагч сонгоно уу.", "Please choose the assignee."),
  issue_mention_invalid: entry(400, "Дурдсан хэрэглэгч буруу байна.", "A mentioned colleague is invalid."),
} as const satisfies Record<string, ErrorEntry>;
