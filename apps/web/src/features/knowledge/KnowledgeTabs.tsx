import { Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";

/** Articles (/knowledge) and Q&A (/knowledge/qa), the two faces of the knowledge base. */
export function KnowledgeTabs() {
  const { t } = useTranslation("knowledge");
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const value = pathname.startsWith("/knowledge/qa") ? "qa" : "articles";
  return (
    <Tabs value={value} onChange={(next) => void navigate(next === "qa" ? "/knowledge/qa" : "/knowledge")}>
      <Tabs.List>
        <Tabs.Tab value="articles">{t("tabs.articles")}</Tabs.Tab>
        <Tabs.Tab value="qa">{t("tabs.qa")}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
