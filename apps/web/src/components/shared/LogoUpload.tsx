import { LIMITS } from "@holboo/core";
import { useTranslation } from "react-i18next";
import { fileSize } from "./file-size.ts";
import { ImagePicker } from "./ImagePicker.tsx";

interface LogoUploadProps<T> {
  /** The stored logo, if any. */
  src: string | null;
  /** Shown (its first letter) while there is no logo. */
  name: string;
  /** Sends the image, the multipart field `file`, with the caller's typed api call. */
  upload(form: FormData): Promise<T>;
  onUploaded(result: T): void;
  canEdit: boolean;
}

/** A logo (company, web chat): a preview of the chosen file at once, uploaded when it is an image of at most 1 MB. */
export function LogoUpload<T>({ src, name, upload: send, onUploaded, canEdit }: LogoUploadProps<T>) {
  const { t } = useTranslation("components");
  const upload = (file: File) => {
    const data = new FormData();
    data.append("file", file);
    return send(data).then(onUploaded);
  };
  return (
    <ImagePicker
      src={src}
      name={name}
      alt={t("logo.alt")}
      size={72}
      radius="md"
      gap="md"
      buttonLabel={t("logo.upload")}
      hint={t("logo.hint", { size: fileSize(LIMITS.logoBytes) })}
      canEdit={canEdit}
      onChoose={upload}
    />
  );
}
