import { Box } from "@mantine/core";
import { Outlet } from "react-router";

/** The chatbot layout (spec §2, /webchat): no app chrome, the conversation fills the frame it is embedded in. */
export function ChatbotLayout() {
  return (
    <Box h="100dvh" style={{ display: "flex", flexDirection: "column", overflow: "hidden" }}>
      <Outlet />
    </Box>
  );
}
