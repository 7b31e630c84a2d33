import { Stack, Tabs, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useTabParam } from "../../lib/useTabParam.ts";

const SECTIONS = ["general", "user", "interactions"] as const;

/** The guide section (spec §2 `guide` layout): how the product's screens work, in mn and en. */
export function GuidePage() {
  const { t } = useTranslation("guide");
  const [tab, setTab] = useTabParam();
  const active = ["1", "2", "3"].includes(tab) ? tab : "1";
  return (
    <Stack>
      <Title order={1}>{t("title")}</Title>
      <Text c="dimmed">{t("intro")}</Text>
      <Tabs value={active} onChange={setTab}>
        <Tabs.List mb="md">
          {SECTIONS.map((section, index) => (
            <Tabs.Tab key={section} value={String(index + 1)} data-testid={`guide-tab-${section}`}>
              {t(`tabs.${section}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SECTIONS.map((section, index) => (
          <Tabs.Panel key={section} value={String(index + 1)}>
            <Stack gap="lg" data-testid={`guide-${section}`}>
              {(t(section, { returnObjects: true }) as Array<{ h: string; p: string }>).map((part) => (
                <Stack key={part.h} gap={4}>
                  <Title order={3}>{part.h}</Title>
                  <Text>{part.p}</Text>
                </Stack>
              ))}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
