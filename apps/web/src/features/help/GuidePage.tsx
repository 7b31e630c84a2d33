import { Anchor, Button, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useTabParam } from "../../lib/useTabParam.ts";

const SECTIONS = ["general", "user", "video", "pdf", "interactions"] as const;
type Section = (typeof SECTIONS)[number];

/** The recordings and PDFs are files of the app (apps/web/public/guides, made by scripts/record-guides.ts and make-guide-pdfs.ts). */
const videoFile = (name: string, lang: string) => `/guides/${name}-${lang}.webm`;
const pdfFile = (lang: string) => `/guides/holboo-guide-${lang}.pdf`;
const guideLanguage = (language: string) => (language === "en" ? "en" : "mn");

function TextGuide({ section }: { section: Exclude<Section, "video" | "pdf"> }) {
  const { t } = useTranslation("guide");
  return (
    <Stack gap="lg" data-testid={`guide-${section}`}>
      {(t(section, { returnObjects: true }) as Array<{ h: string; p: string }>).map((part) => (
        <Stack key={part.h} gap={4}>
          <Title order={3}>{part.h}</Title>
          <Text>{part.p}</Text>
        </Stack>
      ))}
    </Stack>
  );
}

/** Short screen recordings of the product, each in the reader's language, in the browser's own player. */
function VideoGuide() {
  const { t, i18n } = useTranslation("guide");
  const lang = guideLanguage(i18n.language);
  return (
    <Stack gap="lg" data-testid="guide-video">
      <Text c="dimmed">{t("video.intro")}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {(t("video.items", { returnObjects: true }) as Array<{ file: string; title: string; text: string }>).map((video) => (
          <Card key={video.file} withBorder padding="sm" radius="md">
            <Card.Section>
              {/* Recordings of the screens have no speech, so there is nothing to caption. */}
              <video
                controls
                preload="metadata"
                src={videoFile(video.file, lang)}
                style={{ width: "100%", display: "block", background: "#000" }}
                data-testid={`guide-video-${video.file}`}
              >
                {t("video.unsupported")}
              </video>
            </Card.Section>
            <Title order={4} mt="sm">
              {video.title}
            </Title>
            <Text size="sm">{video.text}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The whole guide as one PDF, shown by the browser's viewer, with a download link. */
function PdfGuide() {
  const { t, i18n } = useTranslation("guide");
  const file = pdfFile(guideLanguage(i18n.language));
  return (
    <Stack gap="sm" data-testid="guide-pdf">
      <Group justify="space-between">
        <Text c="dimmed">{t("pdf.intro")}</Text>
        <Button component="a" href={file} download leftSection={<IconDownload size={16} />} variant="light" data-testid="guide-pdf-download">
          {t("pdf.download")}
        </Button>
      </Group>
      <iframe
        src={file}
        title={t("pdf.frame")}
        style={{ width: "100%", height: "75vh", border: "1px solid var(--mantine-color-default-border)", borderRadius: 8 }}
      />
      <Anchor href={file} target="_blank" size="sm">
        {file.split("/").pop()}
      </Anchor>
    </Stack>
  );
}

/** The guide section (spec §2 `guide` layout, §3: general, user, video, PDF and interactions guides), in mn and en. */
export function GuidePage() {
  const { t } = useTranslation("guide");
  const [tab, setTab] = useTabParam();
  const active = SECTIONS.some((_, index) => String(index + 1) === tab) ? tab : "1";
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
            {section === "video" ? <VideoGuide /> : section === "pdf" ? <PdfGuide /> : <TextGuide section={section} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
