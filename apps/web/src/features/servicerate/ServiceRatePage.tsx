import { Alert, Button, Center, Paper, Rating, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { LanguageSelector } from "../../components/LanguageSelector.tsx";
import { Logo } from "../../components/Logo.tsx";
import { errorText } from "../../lib/api.ts";
import { useRate, useServiceRatePage } from "./servicerate.queries.ts";

/** The customer's one-time rating page (the guard lets paths with "servicerate" through). */
export function ServiceRatePage() {
  const { t } = useTranslation("servicerate");
  const { token = "" } = useParams();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const page = useServiceRatePage(token);
  const rate = useRate(token);
  const done = rate.isSuccess || page.data?.rated;
  return (
    <Center mih="100vh" bg="var(--mantine-color-gray-0)" px="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={460}>
        <Stack>
          <Stack gap={4} align="center">
            <Logo />
            <LanguageSelector />
          </Stack>
          {page.isError && <Alert color="red">{errorText(page.error)}</Alert>}
          {page.data && (
            <>
              <Title order={3} ta="center">
                {t("title", { company: page.data.company_name })}
              </Title>
              <Text c="dimmed" ta="center" size="sm">
                {page.data.title}
              </Text>
              {done ? (
                <Alert color="teal" data-testid="rated">
                  {t("thanks")}
                </Alert>
              ) : (
                <>
                  <Center>
                    <Rating size="xl" value={rating} onChange={setRating} data-testid="stars" />
                  </Center>
                  <Textarea label={t("comment")} value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={1000} autosize minRows={3} />
                  {rate.isError && <Alert color="red">{errorText(rate.error)}</Alert>}
                  <Button disabled={!rating} loading={rate.isPending} onClick={() => rate.mutate({ rating, comment })} data-testid="submit-rating">
                    {t("submit")}
                  </Button>
                </>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
