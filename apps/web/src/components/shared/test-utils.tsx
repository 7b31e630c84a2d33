import type { MeView } from "@holboo/core";
import { ALL_PERMISSIONS } from "@holboo/core";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import "../../i18n/index.ts";
import { meKeys } from "../../lib/session.ts";

/** A signed-in admin of company 1; tests override what they need. */
export function makeMe(overrides: Partial<MeView> = {}): MeView {
  return {
    ID: 1,
    company_id: 1,
    is_approved_by_superadmin: true,
    first_name: "Болд",
    last_name: "Бат",
    user_name: "Болд Бат",
    email: "bold@nomin.mn",
    phone: null,
    role: "admin",
    locale: "mn",
    permissions: [...ALL_PERMISSIONS],
    is_owner: true,
    is_company_creator: true,
    can_delete_company: true,
    is_platform_admin: false,
    needs_password: false,
    two_factor_enabled: false,
    two_factor_enrolment_required: false,
    photo_url: null,
    company: { id: 1, name: "Номин", logo_url: null },
    ...overrides,
  };
}

/** Renders inside Mantine, a fresh query client (seeded with `me`) and a memory router at `path`. */
export function renderWithProviders(ui: ReactNode, { me, path = "/" }: { me?: MeView; path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  if (me) client.setQueryData(meKeys.all, me);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  const result = render(ui, { wrapper });
  return { client, ...result };
}
