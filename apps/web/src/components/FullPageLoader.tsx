import { Center, Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Shown while the session is loaded or a sign-in link is exchanged. */
export function FullPageLoader() {
  const { t } = useTranslation("shell");
  return (
    <Center h="100vh" role="status" aria-label={t("loading")}>
      <Loader />
    </Center>
  );
}
