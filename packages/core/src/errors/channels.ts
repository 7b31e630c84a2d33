import { entry, type ErrorEntry } from "./entry.ts";

/** Channels and web chat. */
export const CHANNEL_ERRORS = {
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
  email_host_blocked: entry(
    400,
    "Энэ мэйл серверийн хаяг дотоод сүлжээнийх тул сервер түүн рүү холбогдохгүй. Нийтэд нээлттэй хаяг оруулна уу.",
    "This mail server's address is on a private network; the server will not connect to it. Enter a public address.",
  ),
  email_password_required: entry(400, "Нууц үгээ оруулна уу.", "Enter the password."),
  email_oauth_not_configured: entry(
    503,
    "Энэ үйлчилгээгээр мэйл холбох OAuth тохиргоо серверт хийгдээгүй байна. Системийн админд хандана уу.",
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
} as const satisfies Record<string, ErrorEntry>;
