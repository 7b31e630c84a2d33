import type { MeView } from "@holboo/core";
import { Menu } from "@mantine/core";
import { IconLogout, IconMessageReport, IconUser } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { withLaterStyles } from "../app/later-styles.ts";
import { logout } from "../lib/logout.ts";
import { AccountButton } from "./AccountButton.tsx";

/** Loaded when first opened, with its translations, off the first screen. */
const FeedbackDialog = lazy(() => withLaterStyles(import("../features/help/FeedbackDialog.tsx")).then((m) => ({ default: m.FeedbackDialog })));

/** The header's account menu: my profile, feedback and logout. */
export function UserMenu({ me }: { me: MeView }) {
  const { t } = useTranslation("shell");
  const [feedback, setFeedback] = useState(false);
  return (
    <>
      <Menu position="bottom-end" withArrow shadow="md" width={220}>
        <Menu.Target>
          <AccountButton account={me} data-testid="user-menu" />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{me.email}</Menu.Label>
          <Menu.Item component={Link} to="/user" leftSection={<IconUser size={16} />}>
            {t("header.profile")}
          </Menu.Item>
          <Menu.Item leftSection={<IconMessageReport size={16} />} onClick={() => setFeedback(true)} data-testid="open-feedback">
            {t("header.feedback")}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()} data-testid="logout">
            {t("header.logout")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {feedback && (
        <Suspense fallback={null}>
          <FeedbackDialog onClose={() => setFeedback(false)} />
        </Suspense>
      )}
    </>
  );
}
