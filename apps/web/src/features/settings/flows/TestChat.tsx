import type { FlowTestView } from "@holboo/core";
import { Button, Group, Paper, ScrollArea, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../../lib/api.ts";
import { useTestFlow } from "./flows.queries.ts";

interface Line {
  from: "customer" | "bot" | "note";
  text: string;
  choices?: string[];
}

/** Runs the saved draft without publishing it: the state of the run travels with each line. */
export function TestChat({ flowId, beforeSend }: { flowId: number; beforeSend: () => Promise<void> }) {
  const { t } = useTranslation("flows");
  const [lines, setLines] = useState<Line[]>([]);
  const [state, setState] = useState<FlowTestView["state"]>(null);
  const [text, setText] = useState("");
  const send = useTestFlow(flowId, beforeSend, {
    onSuccess: (result) => {
      setState(result.state);
      const replies: Line[] = result.replies.map((reply) => ({
        from: "bot",
        text: [reply.text, ...reply.images].filter(Boolean).join("\n"),
        choices: reply.choices,
      }));
      if (result.outcome !== "waiting") replies.push({ from: "note", text: t(`testOutcomes.${result.outcome}`) });
      setLines((current) => [...current, ...replies]);
    },
    onError: notifyError,
  });
  const submit = (message: string) => {
    if (!message.trim()) return;
    setLines((current) => [...current, { from: "customer", text: message }]);
    setText("");
    send.mutate({ message, state });
  };
  return (
    <Paper withBorder p="sm" w={300} data-testid="flow-test-chat">
      <Stack gap="xs" h="100%">
        <Group justify="space-between">
          <Title order={5}>{t("testChat")}</Title>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => {
              setLines([]);
              setState(null);
            }}
          >
            {t("restart")}
          </Button>
        </Group>
        <ScrollArea h={360}>
          <Stack gap={6}>
            {lines.map((line, index) => (
              <Paper
                key={index}
                p={6}
                radius="md"
                bg={line.from === "customer" ? "blue.0" : line.from === "bot" ? "gray.1" : undefined}
                ml={line.from === "customer" ? 40 : 0}
                mr={line.from === "bot" ? 40 : 0}
              >
                <Text size="sm" c={line.from === "note" ? "dimmed" : undefined} style={{ whiteSpace: "pre-wrap" }}>
                  {line.text}
                </Text>
                {line.choices && line.choices.length > 0 && (
                  <Group gap={4} mt={4}>
                    {line.choices.map((choice) => (
                      <Button key={choice} size="compact-xs" variant="outline" onClick={() => submit(choice)}>
                        {choice}
                      </Button>
                    ))}
                  </Group>
                )}
              </Paper>
            ))}
          </Stack>
        </ScrollArea>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit(text);
          }}
        >
          <TextInput placeholder={t("testPlaceholder")} value={text} onChange={(e) => setText(e.currentTarget.value)} data-testid="flow-test-input" />
        </form>
      </Stack>
    </Paper>
  );
}
