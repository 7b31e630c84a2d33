import type { RouteObject } from "react-router";
import { ModelProviderPage } from "./ai/ModelProviderPage.tsx";
import { OurCompanyPage } from "./company/OurCompanyPage.tsx";
import { SettingsIndex } from "./SettingsIndex.tsx";
import { UsersPage } from "./users/UsersPage.tsx";
import { InteractionTagsPage } from "./library/InteractionTagsPage.tsx";
import { IssueSettingsPage } from "./library/IssueSettingsPage.tsx";
import { SavedResponsesPage } from "./library/SavedResponsesPage.tsx";
import { WebchatChannelFormPage } from "./webchat/WebchatChannelForm.tsx";
import { WebchatChannelsPage } from "./webchat/WebchatChannelsPage.tsx";
import { ContactTypesPage } from "../contacts/ContactTypesPage.tsx";

/** Children of /settings (spec §2). A settings feature adds its route here and its `path` in settings.menu.ts. */
export const settingsRoutes: RouteObject[] = [
  { index: true, element: <SettingsIndex /> },
  { path: "our_company", element: <OurCompanyPage /> },
  { path: "user", element: <UsersPage /> },
  { path: "web_chat", element: <WebchatChannelsPage /> },
  { path: "web_chat/add", element: <WebchatChannelFormPage /> },
  { path: "web_chat/edit/:id", element: <WebchatChannelFormPage /> },
  { path: "saved_response", element: <SavedResponsesPage /> },
  { path: "interaction_tag", element: <InteractionTagsPage /> },
  { path: "ai_model", element: <ModelProviderPage /> },
  { path: "contact_type", element: <ContactTypesPage /> },
  { path: "issue_type", element: <IssueSettingsPage key="type" kind="type" /> },
  { path: "issue_tag", element: <IssueSettingsPage key="tag" kind="tag" /> },
  { path: "issue_name", element: <IssueSettingsPage key="reason" kind="reason" /> },
];
