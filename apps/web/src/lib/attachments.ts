import { api } from "./api.ts";

/** Stores a file to attach (to a message, an issue, feedback); the answer names it by `file_id` for the form that sends it. */
export function uploadAttachment(file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  return api.upload("/api/attachments", form);
}
