import { Button, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../../components/shared/EmptyState.tsx";
import { ApiError } from "../../../lib/http.ts";

/** A flow or node address that leads nowhere (a wrong id, another company's flow): say so and lead back to the list. */
export function FlowNotFound({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  const { t } = useTranslation("flows");
  // Only a failure that was not a "no such thing" is worth trying again.
  const missing = !error || (error instanceof ApiError && error.status === 404);
  return (
    <EmptyState title={t("notFound.title")} {...(missing ? {} : { onRetry })}>
      <Text size="sm" c="dimmed" data-testid="flow-not-found">
        {t("notFound.text")}
      </Text>
      <Button component={Link} to="/settings/flow" variant="light" size="xs">
        {t("notFound.back")}
      </Button>
    </EmptyState>
  );
}
