import "./styles/mantine-first-screen.css";
import "./app/later-styles.ts";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { i18nReady } from "./i18n/index.ts";
import { router } from "./app/router.tsx";
import { theme } from "./app/theme.ts";
import { VersionWatcher } from "./app/VersionWatcher.tsx";
import { NotificationsOnDemand } from "./components/NotificationsOnDemand.tsx";
import { errorMessagesReady } from "./lib/errors.ts";
import { queryClient } from "./lib/queryClient.ts";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
// Rendered once the start language is loaded, but not with a top-level await: a language chunk that
// imports from the entry chunk would then wait on this module forever (a returning English user saw a
// blank page).
void i18nReady.then(() => {
  createRoot(container).render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <NotificationsOnDemand />
        <QueryClientProvider client={queryClient}>
          <VersionWatcher />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
  // The error catalogue's messages are not part of the first screen: they follow it at once (lib/errors.ts).
  void errorMessagesReady();
});
