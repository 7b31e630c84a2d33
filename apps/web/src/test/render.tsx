import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import "../i18n/index.ts";
import { theme } from "../app/theme.ts";

/** Renders routes at a URL inside the app's providers (StrictMode included, as in main.tsx), with a fresh query cache. */
export function renderRoutes(routes: RouteObject[], url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const utils = render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <Notifications />
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
  return { ...utils, router, client };
}

/** A fetch answer with a JSON body. */
export const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
