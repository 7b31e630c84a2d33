import { Paper, Stack, Tabs, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePermission } from "../../../lib/session.ts";
import { useTabParam } from "../../../lib/useTabParam.ts";
import { OutboxList } from "../outbox/OutboxList.tsx";
import { RoleMatrix } from "./RoleMatrix.tsx";
import { UsersTable } from "./UsersTable.tsx";

/** /settings/user: ?tab=1 users, ?tab=2 role settings, ?tab=3 the company's outbox (admins only). */
export function UsersPage() {
  const { t } = useTranslation("settings");
  const [tab, setTab] = useTabParam();
  const canSeeOutbox = usePermission("user.manage");
  const tabs = canSeeOutbox ? ["1", "2", "3"] : ["1", "2"];
  const active = tabs.includes(tab) ? tab : "1";
  return (
    <Stack>
      <Title order={2}>{t("users.title")}</Title>
      <Paper p="md" withBorder>
        <Tabs value={active} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="1">{t("users.tab")}</Tabs.Tab>
            <Tabs.Tab value="2">{t("roleSettings.tab")}</Tabs.Tab>
            {canSeeOutbox && (
              <Tabs.Tab value="3" data-testid="outbox-tab">
                {t("outbox.tab")}
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="1">
            <UsersTable />
          </Tabs.Panel>
          <Tabs.Panel value="2">
            <RoleMatrix />
          </Tabs.Panel>
          {canSeeOutbox && (
            <Tabs.Panel value="3">
              <OutboxList scope="company" />
            </Tabs.Panel>
          )}
        </Tabs>
      </Paper>
    </Stack>
  );
}
