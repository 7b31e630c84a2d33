import { LIMITS, type ErrorCode } from "@holboo/core";
import { useTranslation } from "react-i18next";
import { fileSize } from "../../../components/shared/file-size.ts";
import { ImagePicker } from "../../../components/shared/ImagePicker.tsx";

/** A logo's problems, said of the photo. */
const photoProblem = (problem: ErrorCode): ErrorCode =>
  problem === "logo_too_large" ? "agent_photo_too_large" : problem === "logo_not_image" ? "agent_photo_not_image" : problem;

/** The agent's photo: the current one or a preview of the chosen file, checked like a logo before it is kept. */
export function AgentPhotoPicker({ current, name, onChoose }: { current: string | null | undefined; name: string; onChoose: (file: File) => void }) {
  const { t } = useTranslation("settings");
  return (
    <ImagePicker
      src={current}
      name={name}
      alt={t("agents.photo")}
      size={64}
      radius="xl"
      buttonLabel={t("agents.choosePhoto")}
      buttonTestId="agent-photo"
      hint={t("agents.photoHint", { size: fileSize(LIMITS.logoBytes) })}
      problemOf={photoProblem}
      onChoose={onChoose}
    />
  );
}
