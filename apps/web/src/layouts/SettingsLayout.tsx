import { RequirePermission } from "../components/RequirePermission.tsx";
import { SettingsLayout as SettingsMenuLayout } from "../features/settings/SettingsLayout.tsx";

/**
 * The settings layout (spec §2): inside the default layout, for users whose role has settings.view.
 * The settings feature owns its grouped menu; this only decides who gets it.
 */
export function SettingsLayout() {
  return (
    <RequirePermission permission="settings.view">
      <SettingsMenuLayout />
    </RequirePermission>
  );
}
