import { Loader, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconHourglassHigh } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { fetchMe } from "../../lib/api.ts";
import { meKeys } from "../../lib/session.ts";

const POLL_MS = 3000;

/**
 * The sign-up awaits the platform admin's approval, or the trial company is being prepared. Polls
 * /api/me (the shared ['me'] query, so the guard sees the change too) and moves on once there is a company.
 */
export function OnboardingProgress() {
  const { t } = useTranslation("onboarding");
  const navigate = useNavigate();
  const me = useQuery({ queryKey: meKeys.all, queryFn: fetchMe, retry: false, refetchInterval: POLL_MS });
  const approved = me.data?.is_approved_by_superadmin ?? false;
  useEffect(() => {
    if (me.data && me.data.company_id !== 0) void navigate("/interacts", { replace: true });
  }, [me.data, navigate]);
  return (
    <Stack align="center" ta="center" gap="md" py="md" data-testid="onboarding-progress">
      <ThemeIcon size={64} radius="xl" variant="light">
        <IconHourglassHigh size={34} />
      </ThemeIcon>
      <Title order={2}>{approved ? t("progress.title") : t("pending.title")}</Title>
      <Text c="dimmed" maw={440}>
        {approved ? t("progress.text") : t("pending.text")}
      </Text>
      <Loader size="sm" type="dots" />
    </Stack>
  );
}
