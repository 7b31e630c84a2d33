import { Paper, Stack, Tabs, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { OutboxList } from "../settings/outbox/OutboxList.tsx";
import { AdminCompanies } from "./AdminCompanies.tsx";
import { AdminDeadJobs } from "./AdminDeadJobs.tsx";
import { AdminPlans } from "./AdminPlans.tsx";
import { AdminBillingSettings } from "./AdminBillingSettings.tsx";
import { AdminUsers } from "./AdminUsers.tsx";
import { AdminFeedback } from "../help/AdminFeedback.tsx";

/** The platform admin's panel (the router lets in only me.is_platform_admin): companies, users and approvals, all mail, failed background jobs, plans, payee and terms. */
export function AdminPage() {
  const { t } = useTranslation("admin");
  const help = useTranslation("help");
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") ?? "1";
  // A new tab starts with its own list: one tab's search and page (kept in the address) mean nothing on another.
  const setTab = (next: string | null) => setParams({ tab: next ?? "1" });
  const active = ["1", "2", "3", "4", "5", "6", "7"].includes(tab) ? tab : "1";
  return (
    <Stack>
      <Title order={2}>{t("title")}</Title>
      <Paper p="md" withBorder>
        <Tabs value={active} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="1">{t("companies.tab")}</Tabs.Tab>
            <Tabs.Tab value="2">{t("users.tab")}</Tabs.Tab>
            <Tabs.Tab value="3">{t("outbox.tab")}</Tabs.Tab>
            <Tabs.Tab value="4">{t("jobs.tab")}</Tabs.Tab>
            <Tabs.Tab value="5" data-testid="admin-feedback-tab">
              {help.t("admin.tab")}
            </Tabs.Tab>
            <Tabs.Tab value="6" data-testid="admin-plans-tab">
              {t("plans.tab")}
            </Tabs.Tab>
            <Tabs.Tab value="7" data-testid="admin-payment-tab">
              {t("payment.tab")}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="1">
            <AdminCompanies />
          </Tabs.Panel>
          <Tabs.Panel value="2">
            <AdminUsers />
          </Tabs.Panel>
          <Tabs.Panel value="3">
            <OutboxList scope="admin" />
          </Tabs.Panel>
          <Tabs.Panel value="4">
            <AdminDeadJobs />
          </Tabs.Panel>
          <Tabs.Panel value="5">
            <AdminFeedback />
          </Tabs.Panel>
          <Tabs.Panel value="6">
            <AdminPlans />
          </Tabs.Panel>
          <Tabs.Panel value="7">
            <AdminBillingSettings />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}
