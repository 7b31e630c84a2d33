import { Alert, Center, List, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSelector } from "../../components/LanguageSelector.tsx";
import { Logo } from "../../components/Logo.tsx";
import { errorText } from "../../lib/api.ts";
import { useTerms } from "./billing.queries.ts";
import { day } from "./format.ts";

/**
 * The terms as text, never HTML: "# " and "## " lines are headings, "- " lines list items, blank lines end paragraphs
 * (the format of the shipped terms and of the platform admin's own).
 */
function renderTerms(text: string): ReactNode[] {
  const blocks: ReactNode[] = [];
  let items: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (items.length)
      blocks.push(
        <List key={blocks.length}>
          {items.map((item, index) => (
            <List.Item key={index}>{item}</List.Item>
          ))}
        </List>,
      );
    if (paragraph.length) blocks.push(<Text key={blocks.length}>{paragraph.join(" ")}</Text>);
    items = [];
    paragraph = [];
  };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line) flush();
    else if (line.startsWith("# ") || line.startsWith("## ")) {
      flush();
      const heading = line.startsWith("# ");
      blocks.push(
        <Title key={blocks.length} order={heading ? 2 : 4} mt={heading ? 0 : "sm"}>
          {line.replace(/^#+ /, "")}
        </Title>,
      );
    } else if (line.startsWith("- ")) {
      if (paragraph.length) flush();
      items.push(line.slice(2));
    } else {
      if (items.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** /pub/terms: the installation's terms of service, open to anyone, in the reader's language. */
export function TermsPage() {
  const { t, i18n } = useTranslation("billing");
  const terms = useTerms();
  const locale = i18n.language === "en" ? "en" : "mn";
  return (
    <Center bg="var(--mantine-color-gray-0)" mih="100vh" px="md" py="xl">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={820} data-testid="terms-page">
        <Stack>
          <Stack gap={4} align="center">
            <Logo />
            <LanguageSelector />
          </Stack>
          {terms.isPending ? (
            <Loader />
          ) : terms.isError ? (
            <Alert color="red" title={t("termsPage.failed")}>
              {errorText(terms.error)}
            </Alert>
          ) : (
            <>
              {renderTerms(terms.data[locale])}
              {terms.data.updated_at && (
                <Text size="sm" c="dimmed">
                  {t("termsPage.updated", { date: day(terms.data.updated_at) })}
                </Text>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
