import { formatFileSize } from "@holboo/core";
import { currentLocale } from "../../i18n/index.ts";

/** A file size in the interface's language ("1 МБ" / "1 MB"): the one formatter (core's) every screen uses. */
export const fileSize = (bytes: number) => formatFileSize(bytes, currentLocale());
