import type { IssueSettingKind } from "@holboo/core";
import { Navigate, type RouteObject } from "react-router";
import { screen } from "../../app/lazy.ts";

const webchatForm = screen(
  () => import("./webchat/WebchatChannelForm.tsx"),
  (m) => m.WebchatChannelFormPage,
);
const issueSettings = (kind: IssueSettingKind) =>
  screen(
    () => import("./library/IssueSettingsPage.tsx"),
    ({ IssueSettingsPage }) =>
      () => <IssueSettingsPage key={kind} kind={kind} />,
  );

/**
 * Children of /settings (spec §2), each loaded when first opened. A settings feature adds its route
 * here and its `path` in settings.menu.ts.
 */
export const settingsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: screen(
      () => import("./SettingsIndex.tsx"),
      (m) => m.SettingsIndex,
    ),
  },
  {
    path: "our_company",
    lazy: screen(
      () => import("./company/OurCompanyPage.tsx"),
      (m) => m.OurCompanyPage,
    ),
  },
  {
    path: "my_plan",
    lazy: screen(
      () => import("../billing/MyPlanPage.tsx"),
      (m) => m.MyPlanPage,
    ),
  },
  {
    path: "my_plan_archive",
    lazy: screen(
      () => import("../billing/MyPlanArchivePage.tsx"),
      (m) => m.MyPlanArchivePage,
    ),
  },
  {
    path: "call_center",
    lazy: screen(
      () => import("../calls/CallCenterSettingsPage.tsx"),
      (m) => m.CallCenterSettingsPage,
    ),
  },
  {
    path: "audit",
    lazy: screen(
      () => import("./audit/AuditPage.tsx"),
      (m) => m.AuditPage,
    ),
  },
  {
    path: "user",
    lazy: screen(
      () => import("./users/UsersPage.tsx"),
      (m) => m.UsersPage,
    ),
  },
  {
    path: "web_chat",
    lazy: screen(
      () => import("./webchat/WebchatChannelsPage.tsx"),
      (m) => m.WebchatChannelsPage,
    ),
  },
  { path: "web_chat/add", lazy: webchatForm },
  {
    path: "email",
    lazy: screen(
      () => import("./email/EmailChannelsPage.tsx"),
      (m) => m.EmailChannelsPage,
    ),
  },
  {
    path: "channels_config",
    lazy: screen(
      () => import("./channels/ChannelsConfigPage.tsx"),
      (m) => m.ChannelsConfigPage,
    ),
  },
  // Spec §2 names both; "channel connection" is the same overview, so the second path leads to the first.
  { path: "channel_manage", element: <Navigate to="/settings/channels_config" replace /> },
  {
    path: "social",
    lazy: screen(
      () => import("./social/SocialChannelsPage.tsx"),
      (m) => m.SocialChannelsPage,
    ),
  },
  { path: "web_chat/edit/:id", lazy: webchatForm },
  {
    path: "saved_response",
    lazy: screen(
      () => import("./library/SavedResponsesPage.tsx"),
      (m) => m.SavedResponsesPage,
    ),
  },
  {
    path: "interaction_tag",
    lazy: screen(
      () => import("./library/InteractionTagsPage.tsx"),
      (m) => m.InteractionTagsPage,
    ),
  },
  {
    path: "ai_model",
    lazy: screen(
      () => import("./ai/ModelProviderPage.tsx"),
      (m) => m.ModelProviderPage,
    ),
  },
  {
    path: "contact_type",
    lazy: screen(
      () => import("../contacts/ContactTypesPage.tsx"),
      (m) => m.ContactTypesPage,
    ),
  },
  {
    path: "virtualagents",
    lazy: screen(
      () => import("./agents/VirtualAgentsPage.tsx"),
      (m) => m.VirtualAgentsPage,
    ),
  },
  {
    path: "flow",
    lazy: screen(
      () => import("./flows/FlowsPage.tsx"),
      (m) => m.FlowsPage,
    ),
  },
  {
    path: "flow/:flow",
    lazy: screen(
      () => import("./flows/FlowCanvasPage.tsx"),
      (m) => m.FlowCanvasPage,
    ),
  },
  {
    path: "flow/item/:id",
    lazy: screen(
      () => import("./flows/FlowNodePage.tsx"),
      (m) => m.FlowNodePage,
    ),
  },
  {
    path: "custom_api",
    lazy: screen(
      () => import("./flows/CustomApiPage.tsx"),
      (m) => m.CustomApiPage,
    ),
  },
  { path: "issue_type", lazy: issueSettings("type") },
  { path: "issue_tag", lazy: issueSettings("tag") },
  { path: "issue_name", lazy: issueSettings("reason") },
];
