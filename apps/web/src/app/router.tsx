import { createBrowserRouter, Outlet, type RouteObject } from "react-router";
import { RequirePermission } from "../components/RequirePermission.tsx";
import { adminRoutes } from "../features/admin/routes.tsx";
import { LandingPage } from "../features/auth/LandingPage.tsx";
import { LoginPage } from "../features/auth/LoginPage.tsx";
import { ResetPasswordPage } from "../features/auth/ResetPasswordPage.tsx";
import { InteractsPage } from "../features/interacts/InteractsPage.tsx";
import { issueRoutes } from "../features/issues/routes.tsx";
import { knowledgeRoutes } from "../features/knowledge/routes.tsx";
import { ContactDetailPage } from "../features/contacts/ContactDetailPage.tsx";
import { ContactsPage } from "../features/contacts/ContactsPage.tsx";
import { OnboardingProgress } from "../features/onboarding/OnboardingProgress.tsx";
import { OnboardingWizard } from "../features/onboarding/OnboardingWizard.tsx";
import { ProfilePage } from "../features/profile/ProfilePage.tsx";
import { ServiceRatePage } from "../features/servicerate/ServiceRatePage.tsx";
import { settingsRoutes } from "../features/settings/routes.tsx";
import { DefaultLayout } from "../layouts/DefaultLayout.tsx";
import { EmptyLayout } from "../layouts/EmptyLayout.tsx";
import { ErrorScreen } from "../layouts/ErrorScreen.tsx";
import { OnboardingLayout } from "../layouts/OnboardingLayout.tsx";
import { SettingsLayout } from "../layouts/SettingsLayout.tsx";
import { NOT_FOUND_ROUTE_ID, Root } from "./Root.tsx";

/**
 * Spec §2 routes, grouped by layout. Features not built yet (dashboard, knowledge, web chat,
 * guide, call center) add their routes here; /webchat uses ChatbotLayout and the guide GuideLayout.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorScreen />,
    children: [
      {
        element: <EmptyLayout />,
        children: [
          { path: "/", element: <LandingPage /> },
          { path: "/login", element: <LoginPage /> },
          { path: "/pub/login", element: <LoginPage /> },
          { path: "/pub/reset-password", element: <ResetPasswordPage /> },
          { path: "/servicerate/:token", element: <ServiceRatePage /> },
        ],
      },
      {
        element: <OnboardingLayout />,
        children: [
          { path: "/onboarding", element: <OnboardingWizard /> },
          { path: "/onboarding/progress", element: <OnboardingProgress /> },
        ],
      },
      {
        element: <DefaultLayout />,
        children: [
          { path: "/interacts", element: <InteractsPage /> },
          { path: "/contacts", element: <ContactsPage /> },
          { path: "/contacts/:id", element: <ContactDetailPage /> },
          { path: "/issues", children: issueRoutes },
          { path: "/user", element: <ProfilePage /> },
          { path: "/knowledge", children: knowledgeRoutes },
          { path: "/settings", element: <SettingsLayout />, children: settingsRoutes },
          {
            path: "/admin",
            element: (
              <RequirePermission platformAdmin>
                <Outlet />
              </RequirePermission>
            ),
            children: adminRoutes,
          },
        ],
      },
      // Guard rule 9: whatever matches nothing is the 404 error screen.
      { path: "*", id: NOT_FOUND_ROUTE_ID, element: <ErrorScreen /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
