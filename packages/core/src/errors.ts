/**
 * The error catalogue (spec §8). Every failure the server reports carries one of these codes;
 * the HTTP status and the mn/en messages come from this table only.
 */
export type Locale = "mn" | "en";
export const LOCALES = ["mn", "en"] as const satisfies readonly Locale[];
export const DEFAULT_LOCALE: Locale = "mn";

interface ErrorEntry {
  status: number;
  mn: string;
  en: string;
}

const entry = (status: number, mn: string, en: string): ErrorEntry => ({ status, mn, en });

export const ERROR_CATALOGUE = {
  // Generic
  bad_request: entry(400, "Алдаа гарлаа", "An error occurred"),
  network_error: entry(0, "Сүлжээний алдаа гарлаа. Холболтоо шалгана уу.", "Network error. Check your connection."),
  timeout: entry(504, "Хүсэлтийн хугацаа дууслаа. Дахин оролдоно уу.", "The request timed out. Please try again."),
  request_failed: entry(400, "Хүсэлт амжилтгүй боллоо.", "The request failed."),
  invalid_parameters: entry(400, "Параметрийн бүтэц буруу байна.", "The parameter structure is invalid."),
  text_invalid: entry(400, "Текстэд зөвшөөрөгдөөгүй тэмдэгт байна.", "The text contains characters that are not allowed."),
  body_too_deep: entry(400, "Илгээсэн өгөгдлийн бүтэц хэт гүн байна.", "The data sent is nested too deeply."),
  validation_failed: entry(400, "Оруулсан утга буруу байна.", "Some values are invalid."),
  unauthorized: entry(401, "Нэвтрэх шаардлагатай.", "Please log in."),
  forbidden: entry(403, "Танд энэ үйлдлийг хийх эрх байхгүй байна. Админд хандана уу.", "You do not have permission for this. Please ask an admin."),
  not_found: entry(404, "Хайсан зүйл олдсонгүй.", "Not found."),
  csrf_invalid: entry(403, "Аюулгүй байдлын шалгалт амжилтгүй боллоо. Хуудсаа дахин ачаална уу.", "The security check failed. Please reload the page."),
  login_slowed: entry(
    429,
    "Энэ бүртгэлд буруу нууц үг олон удаа оруулсан тул түр хүлээнэ үү.",
    "Too many wrong passwords for this account. Please wait a little and try again.",
  ),
  cross_site_refused: entry(403, "Өөр сайтаас ирсэн хүсэлтийг хүлээн авахгүй.", "Requests from another site are refused."),
  rate_limited: entry(429, "Хэт олон оролдлого хийлээ. Түр хүлээгээд дахин оролдоно уу.", "Too many attempts. Please wait and try again."),
  payload_too_large: entry(413, "Файлын хэмжээ хэт их байна.", "The file is too large."),
  unsupported_file_type: entry(415, "Файлын төрөл зөвшөөрөгдөөгүй байна.", "This file type is not allowed."),
  file_not_found: entry(404, "Файл олдсонгүй.", "File not found."),
  server_error_001: entry(500, "Серверийн алдаа (001).", "Server error (001)."),
  server_error_002: entry(500, "Серверийн алдаа (002).", "Server error (002)."),
  server_error_003: entry(500, "Серверийн алдаа (003).", "Server error (003)."),
  server_error_004: entry(500, "Серверийн алдаа (004).", "Server error (004)."),
  server_error_005: entry(500, "Серверийн алдаа (005).", "Server error (005)."),
  internal_error: entry(500, "Серверийн дотоод алдаа гарлаа.", "Internal server error."),
  bad_gateway: entry(502, "Гадаад үйлчилгээ хариу өгсөнгүй.", "Bad gateway."),
  article_limit_reached: entry(403, "Нийтлэл нэмэх боломж дүүрсэн байна", "The article limit of your package is reached"),
  required: entry(400, "Утга оруулна уу.", "Please enter a value."),

  // Auth
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

  // User and company
  user_not_found: entry(404, "Хэрэглэгч олдсонгүй.", "User not found."),
  user_invalid_id: entry(400, "Хэрэглэгчийн ID буруу байна.", "Invalid user id."),
  name_empty: entry(400, "Нэр хоосон байна.", "The name is empty."),
  name_too_short: entry(400, "Нэр хэт богино байна.", "The name is too short."),
  name_too_long: entry(400, "Нэр хэт урт байна.", "The name is too long."),
  name_invalid: entry(400, "Нэрэнд зөвхөн үсэг, тоо ашиглана уу.", "Use letters and numbers in the name."),
  role_empty: entry(400, "Эрх сонгоно уу.", "Please choose a role."),
  role_invalid: entry(400, "Эрх буруу байна.", "The role is invalid."),
  email_empty: entry(400, "И-мэйл хоосон байна.", "The e-mail is empty."),
  email_invalid: entry(400, "И-мэйл буруу байна.", "The e-mail is invalid."),
  phone_invalid: entry(400, "Утасны дугаар буруу байна.", "The phone number is invalid."),
  user_exists: entry(409, "Хэрэглэгч бүртгэлтэй байна.", "The user already exists."),
  company_exists: entry(409, "Байгууллага бүртгэлтэй байна.", "The company already exists."),
  company_id_empty: entry(400, "Байгууллагын ID хоосон байна.", "The company id is empty."),
  company_not_found: entry(404, "Байгууллага олдсонгүй.", "Company not found."),
  user_limit_exceeded: entry(403, "Хэрэглэгчийн тоо хязгаарт хүрсэн байна. Багцаа ахиулна уу.", "The user limit is reached. Please upgrade your package."),
  channel_limit_exceeded: entry(403, "Сувгийн тоо хязгаарт хүрсэн байна. Багцаа ахиулна уу.", "The channel limit is reached. Please upgrade your package."),
  agent_limit_exceeded: entry(403, "Бот/агентын тоо хязгаарт хүрсэн байна. Багцаа ахиулна уу.", "The bot/agent limit is reached. Please upgrade your package."),
  platform_limitation: entry(403, "Платформын хязгаарлалт.", "Platform limitation."),
  channel_exists: entry(409, "Суваг бүртгэлтэй байна.", "The channel already exists."),
  channel_creator_other_company: entry(409, "Сувгийг үүсгэгч өөр байгууллагад бүртгэлтэй байна.", "The channel creator is registered at another company."),
  only_creator_can_delete_company: entry(403, "Зөвхөн байгууллагыг үүсгэсэн хэрэглэгч устгах боломжтой.", "Only the creator can delete the company."),
  owner_protected: entry(
    403,
    "Эзэмшигчийг устгах, идэвхгүй болгох, эрхийг өөрчлөх боломжгүй.",
    "The owner cannot be deleted, deactivated or have the role changed.",
  ),
  ownership_target_not_admin: entry(400, "Эзэмшлийг зөвхөн админ эрхтэй хэрэглэгчид шилжүүлнэ.", "Ownership can only be transferred to an admin."),
  ownership_already_transferred: entry(409, "Эзэмшлийг аль хэдийн шилжүүлсэн байна.", "Ownership has already been transferred."),
  only_owner_can_transfer: entry(403, "Зөвхөн эзэмшигч эзэмшлээ шилжүүлнэ.", "Only the owner can transfer ownership."),
  self_change_forbidden: entry(403, "Өөрийн эрх, зөвшөөрлийг өөрчлөх боломжгүй.", "You cannot change your own role or permissions."),
  invite_mail_failed: entry(502, "Урилга илгээхэд алдаа гарлаа.", "The invitation e-mail could not be sent."),
  mail_domain_duplicate: entry(409, "Энэ домэйн бүртгэлтэй байна.", "This mail domain already exists."),
  mail_domain_invalid: entry(400, "Домэйн буруу байна.", "The mail domain is invalid."),
  unregistered_domain: entry(400, "Бүртгэлгүй домэйн", "Unregistered domain"),
  onboarding_text_too_short: entry(400, "3-аас дээш тэмдэгт оруулна уу.", "Please enter more than 3 characters."),
  sector_invalid: entry(400, "Үйл ажиллагааны чиглэл буруу байна.", "The activity sector is invalid."),
  employee_range_invalid: entry(400, "Ажилтны тоо буруу байна.", "The employee count is invalid."),
  bot_name_required: entry(400, "Ботын нэр оруулна уу.", "The bot name is required."),
  already_in_company: entry(409, "Та аль хэдийн байгууллагад харьяалагддаг.", "You already belong to a company."),
  plan_extend_term_invalid: entry(400, "Багцыг зөвхөн сар эсвэл жилээр сунгана.", "A plan can only be extended by month or year."),
  plan_amount_zero: entry(400, "Дүн тэг байж болохгүй.", "The amount cannot be zero."),
  invoice_duplicated: entry(409, "Нэхэмжлэл давхардсан байна.", "The invoice is duplicated."),
  invoice_unpaid: entry(409, "Одоогийн нэхэмжлэл төлөгдөөгүй байна.", "The current invoice is not paid."),
  active_purchase_exists: entry(409, "Идэвхтэй үндсэн багц аль хэдийн байна.", "The company already has an active main purchase."),
  terms_not_agreed: entry(400, "Худалдан авахын өмнө үйлчилгээний нөхцөлийг зөвшөөрнө үү.", "Please agree to the terms before the purchase."),
  plan_not_found: entry(404, "Багц олдсонгүй.", "The plan was not found."),
  invoice_not_found: entry(404, "Нэхэмжлэл олдсонгүй.", "The invoice was not found."),
  invoice_not_payable: entry(409, "Энэ нэхэмжлэл төлөх боломжгүй төлөвт байна.", "This invoice cannot be paid in its current state."),
  payment_gateway_unavailable: entry(
    503,
    "Төлбөрийн үйлчилгээ одоогоор хариу өгөхгүй байна. Түр хүлээгээд дахин оролдоно уу.",
    "The payment service is not answering now. Please try again in a moment.",
  ),
  payment_not_received: entry(409, "Төлбөр хараахан ирээгүй байна.", "The payment has not been received yet."),
  company_suspended: entry(
    402,
    "Байгууллагын хандалт хаагдсан байна: төлбөрөө төлснөөр шууд сэргэнэ. Тохиргоо → Миний багц хэсгээс нэхэмжлэлээ харна уу.",
    "Your company's access is closed: paying restores it at once. See your invoice under Settings → My plan.",
  ),
  saved_response_key_duplicate: entry(409, "Түлхүүр үг давхардсан байна.", "This key is already used."),
  custom_api_invalid: entry(400, "Custom API буруу байна.", "The custom API is invalid."),
  custom_api_status_failed: entry(500, "Custom API-н төлөв өөрчлөхөд алдаа гарлаа.", "Changing the custom API status failed."),
  custom_api_not_found: entry(404, "Custom API олдсонгүй.", "Custom API endpoint not found."),
  custom_api_call_failed: entry(502, "Custom API дуудлага амжилтгүй боллоо.", "The custom API call failed."),
  custom_api_variable_missing: entry(400, "Хувьсагч олдсонгүй.", "A variable the call needs has no value."),
  custom_api_in_use: entry(409, "Энэ Custom API-г урсгал ашиглаж байна.", "A flow uses this custom API endpoint."),
  flow_not_found: entry(404, "Урсгал олдсонгүй.", "Flow not found."),
  voice_prompt_too_large: entry(413, "Дуу бичлэг 2 MB-аас ихгүй байна.", "A voice prompt must be at most 2 MB."),
  voice_prompt_type_not_allowed: entry(415, "Зөвхөн WAV, MP3 эсвэл OGG дуу бичлэг оруулна уу.", "Please upload a WAV, MP3 or OGG recording."),
  flow_invalid: entry(400, "Урсгалыг нийтлэх боломжгүй: алдааг засна уу.", "The flow cannot be published: fix the problems shown."),
  flow_too_large: entry(400, "Урсгал хэт том байна.", "The flow is too large."),
  company_meter_not_found: entry(404, "Байгууллагын тоолуур олдсонгүй.", "The company counter was not found."),
  logo_too_large: entry(413, "Лого 1 MB-аас ихгүй байна.", "The logo must be at most 1 MB."),
  logo_not_image: entry(415, "Лого зураг байх ёстой (PNG, JPEG, GIF, WebP).", "The logo must be an image (PNG, JPEG, GIF, WebP)."),
  primary_bot_cannot_be_removed: entry(403, "Үндсэн ботыг устгах боломжгүй.", "The primary bot cannot be removed."),
  agent_remove_before_invoice: entry(
    409,
    "Нэмэлт туслахыг дараагийн нэхэмжлэл гарахаас өмнө устгах боломжгүй.",
    "An additional agent cannot be removed before the next invoice.",
  ),
  virtual_agent_not_found: entry(404, "Виртуал туслах олдсонгүй.", "Virtual agent not found."),
  agent_channel_taken: entry(
    409,
    "Энэ сувгийг өөр виртуал туслах хариулж байна. Эхлээд тэндээ зогсооно уу.",
    "Another virtual agent serves this channel. End it there first.",
  ),
  agent_channel_type_mismatch: entry(
    400,
    "Сошиал туслах дижитал суваг, дуудлагын оператор дуут суваг хариулна.",
    "A social agent serves digital channels; a call operator serves voice channels.",
  ),
  agent_folders_invalid: entry(400, "Мэдлэгийн хавтас олдсонгүй.", "A knowledge folder was not found."),
  agent_transfer_invalid: entry(400, "Мэдлэгийг шилжүүлэх өөр виртуал туслах сонгоно уу.", "Choose another virtual agent to transfer the knowledge to."),
  agent_photo_too_large: entry(413, "Зураг 1 MB-аас ихгүй байна.", "The photo must be at most 1 MB."),
  agent_photo_not_image: entry(415, "Зураг PNG, JPEG, GIF эсвэл WebP байх ёстой.", "The photo must be an image (PNG, JPEG, GIF, WebP)."),
  virtual_agent_required: entry(400, "Эхлээд сувгийг хариулах виртуал туслахаа сонгоно уу.", "Choose the virtual agent that serves the channel first."),
  // Channels and web chat
  channel_not_found: entry(404, "Суваг олдсонгүй.", "Channel not found."),
  channel_invalid_id: entry(400, "Сувгийн ID буруу байна.", "Invalid channel id."),
  channel_has_open_interactions: entry(409, "Нээлттэй харилцаатай сувгийг устгах боломжгүй.", "A channel with an open interaction cannot be deleted."),
  channel_delete_failed: entry(500, "Суваг устгахад алдаа гарлаа.", "Deleting the channel failed."),
  channel_already_connected: entry(409, "Суваг аль хэдийн холбогдсон байна.", "The channel is already connected."),
  channel_inactive: entry(403, "Суваг идэвхгүй байна.", "The channel is not active."),
  viber_token_invalid: entry(
    400,
    "Viber ботын токен буруу байна. Viber Admin Panel-аас токеноо хуулж оруулна уу.",
    "The Viber bot token is wrong. Copy the token from the Viber Admin Panel.",
  ),
  channel_provider_unreachable: entry(
    502,
    "Сувгийн үйлчилгээ үзүүлэгч хариу өгсөнгүй. Дахин оролдоно уу.",
    "The channel's provider did not answer. Please try again.",
  ),
  channel_webhook_failed: entry(
    502,
    "Үйлчилгээ үзүүлэгч webhook-ийг бүртгэсэнгүй. Серверийн нийтийн хаяг (PUBLIC_URL) HTTPS эсэхийг шалгана уу.",
    "The provider did not register the webhook. Check that the server's public address (PUBLIC_URL) is HTTPS.",
  ),
  contact_unsubscribed: entry(
    409,
    "Харилцагч Viber ботоос гарсан тул мессеж илгээх боломжгүй. Харилцагч дахин бичихэд илгээх боломжтой болно.",
    "The customer unsubscribed from the Viber bot, so nothing can be sent until they write again.",
  ),
  messenger_window_closed: entry(
    409,
    "Харилцагчийн сүүлийн мессежээс хойш 7 хоног өнгөрсөн тул Messenger-ээр хариулах боломжгүй. Харилцагч дахин бичихийг хүлээнэ үү.",
    "More than 7 days passed since the customer's last message, so Messenger allows no reply. Wait until they write again.",
  ),
  messenger_thread_in_page_inbox: entry(
    409,
    "Энэ яриа Facebook хуудасны Inbox-д шилжсэн байна. Эндээс хариулахын тулд эхлээд яриаг буцааж авна уу.",
    "This conversation was passed to the Facebook Page inbox. Take it back first to reply from here.",
  ),
  messenger_handover_failed: entry(
    502,
    "Facebook яриаг шилжүүлж чадсангүй. Holboo хуудасны Primary Receiver эсэхийг шалгана уу.",
    "Facebook did not move the conversation. Check that Holboo is the Page's primary receiver.",
  ),
  messenger_not_configured: entry(
    503,
    "Messenger холбох тохиргоо (Meta app) хийгдээгүй байна. Системийн админд хандана уу.",
    "Messenger is not set up on this server (Meta app). Ask the system administrator.",
  ),
  messenger_page_connect_failed: entry(
    400,
    "Facebook хуудсыг холбож чадсангүй. Хуудас зөв Business portfolio-д харьяалагддаг, та түүний админ эсэхийг шалгана уу.",
    "The Facebook Page could not be connected. Check that the Page belongs to the correct Business portfolio and that you are its admin.",
  ),
  webchat_domain_taken: entry(409, "Энэ домэйнд веб чат бүртгэлтэй байна.", "A web chat is already registered for this domain."),
  email_credentials_invalid: entry(400, "Мэйлийн хэрэглэгчийн нэр эсвэл нууц үг буруу байна.", "The mailbox user name or password is wrong."),
  email_connection_failed: entry(
    502,
    "Мэйл сервертэй холбогдож чадсангүй. Хаяг, порт, шифрлэлтийг шалгана уу.",
    "Cannot connect to the mail server. Check the host, port and encryption.",
  ),
  email_password_required: entry(400, "Нууц үгээ оруулна уу.", "Enter the password."),
  email_oauth_not_configured: entry(
    503,
    "Энэ үйлчилгээгээр мэйл холбох тохиргоо (OAuth client) серверт хийгдээгүй байна. Системийн админд хандана уу.",
    "Connecting mailboxes of this provider is not set up on this server (OAuth client). Ask the system administrator.",
  ),
  email_oauth_failed: entry(
    400,
    "Мэйл хайрцгийн эрхийг авч чадсангүй. Дахин нэвтэрч зөвшөөрнө үү.",
    "The mailbox could not be authorised. Sign in and allow access again.",
  ),
  email_subject_required: entry(400, "И-мэйлийн гарчгийг оруулна уу.", "Enter the e-mail subject."),
  domain_connect_failed: entry(403, "Домэйн холбогдоогүй байна.", "This site is not connected to the web chat."),
  text_too_long: entry(400, "Текст хэт урт байна.", "The text is too long."),
  color_invalid: entry(400, "Өнгө буруу байна (#RRGGBB).", "The colour is invalid (#RRGGBB)."),
  visitor_limit_reached: entry(
    429,
    "Шинэ чат хэт олон нээгдлээ. Түр хүлээгээд дахин оролдоно уу.",
    "Too many new chats were started. Please wait and try again.",
  ),
  visitor_token_invalid: entry(401, "Чатын холболт хүчингүй байна. Хуудсаа дахин ачаална уу.", "The chat session is invalid. Please reload the page."),
  visitor_signature_invalid: entry(401, "Хэрэглэгчийн баталгаажуулалт буруу байна.", "The user verification failed."),
  // Interactions
  interaction_not_found: entry(404, "Харилцаа олдсонгүй.", "Interaction not found."),
  interaction_closed: entry(409, "Харилцаа хаагдсан байна.", "The interaction is closed."),
  interaction_already_open: entry(
    409,
    "Энэ харилцагчтай энэ сувгаар нээлттэй харилцаа байна.",
    "This contact already has an open interaction on this channel.",
  ),
  contact_not_on_channel: entry(400, "Харилцагч энэ сувгаар холбогдоогүй байна.", "The contact has no account on this channel."),
  interaction_title_required: entry(400, "Гарчиг оруулна уу.", "Please enter a title."),
  escalate_failed: entry(409, "Хүн рүү шилжүүлэх боломжгүй байна.", "The interaction cannot be escalated."),
  message_empty: entry(400, "Мессеж хоосон байна.", "The message is empty."),
  attachment_too_large: entry(413, "Хавсралт 1 MB-аас ихгүй байна.", "Attachments must be at most 1 MB."),
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
  // Knowledge base
  knowledge_folder_not_found: entry(404, "Хавтас олдсонгүй.", "Folder not found."),
  knowledge_folder_name_duplicate: entry(409, "Ижил нэртэй хавтас байна.", "A folder with this name already exists here."),
  knowledge_folder_parent_invalid: entry(400, "Эх хавтас буруу байна.", "The parent folder is invalid."),
  knowledge_agents_invalid: entry(400, "Виртуал туслах сонгоно уу.", "Choose at least one of your virtual agents."),
  delete_word_mismatch: entry(400, "Устгахын тулд устгах үгийг зөв бичнэ үү.", "Type the delete word exactly to delete."),
  article_not_found: entry(404, "Нийтлэл олдсонгүй.", "Article not found."),
  qa_pair_not_found: entry(404, "Асуулт хариулт олдсонгүй.", "Q&A pair not found."),
  knowledge_question_not_found: entry(404, "Асуулт олдсонгүй.", "Question not found."),
  document_unreadable: entry(400, "Файлаас текст уншиж чадсангүй.", "No text could be read from the file."),
  document_archive_unsafe: entry(413, "Файлыг задлахад хэт том болж байна.", "The file expands to more than is allowed."),
  url_invalid: entry(400, "Холбоос буруу байна (http эсвэл https).", "The link is invalid (http or https)."),
  url_blocked: entry(400, "Энэ хаягаас татах боломжгүй.", "This address cannot be imported."),
  url_fetch_failed: entry(502, "Хуудсыг татаж чадсангүй.", "The page could not be fetched."),
  url_too_many_redirects: entry(400, "Хэт олон дахин чиглүүлэлт.", "Too many redirects."),
  // Answer engine
  ai_draft_not_found: entry(404, "Мэдлэгийн сангаас тохирох хариулт олдсонгүй.", "The knowledge base has no answer for this yet."),
  model_provider_url_blocked: entry(
    400,
    "Энэ хаяг дотоод сүлжээнийх тул сервер түүн рүү хандахгүй.",
    "This address is on a private network; the server will not call it.",
  ),
  model_provider_url_invalid: entry(400, "Хаяг http:// эсвэл https://-ээр эхэлсэн зөв URL байна.", "The address must be a valid http:// or https:// URL."),
  model_provider_model_required: entry(400, "Чат эсвэл embedding загварын нэр оруулна уу.", "Enter a chat model or an embedding model."),
  // Contacts
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
  // Call center
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

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === "string" && Object.hasOwn(ERROR_CATALOGUE, value);

export function errorMessage(code: ErrorCode, locale: Locale): string {
  return ERROR_CATALOGUE[code][locale];
}

export function errorStatus(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/** The body of every failed API response. `fields` maps a form field to the code of its problem. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, ErrorCode>;
    /** Data the client acts on, e.g. `contact_id` of the existing contact behind `contact_exists`. */
    details?: Record<string, string | number>;
  };
}

/** Client-side message for a failed HTTP response (spec §8). 600 shows the server text as it is. */
export function messageForStatus(status: number, locale: Locale, text?: string): string {
  if (status === 600 && text) return text;
  const byStatus: Record<number, ErrorCode> = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    500: "internal_error",
    502: "bad_gateway",
  };
  const code = byStatus[status];
  if (code) return errorMessage(code, locale);
  return locale === "mn" ? "Алдаа гарлаа" : "Something went wrong";
}
