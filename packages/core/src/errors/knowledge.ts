import { entry, type ErrorEntry } from "./entry.ts";

/** The knowledge base and the answer engine. */
export const KNOWLEDGE_ERRORS = {
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
  model_provider_model_required: entry(400, "Чат эсвэл векторжуулах загварын нэр оруулна уу.", "Enter a chat model or an embedding model."),
} as const satisfies Record<string, ErrorEntry>;
