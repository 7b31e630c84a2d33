import { Button, Group, Menu } from "@mantine/core";
import { IconDownload, IconUpload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { usePermission } from "../../lib/session.ts";
import { contactsExportUrl } from "./contacts.queries.ts";

/** The contacts list's header buttons: import, export (of the rows the filters show) and add, as permissions allow. */
export function ContactsActions({ filterQuery, onOpen }: { filterQuery: Record<string, string | undefined>; onOpen: (dialog: "add" | "import") => void }) {
  const { t } = useTranslation("contacts");
  const canEdit = usePermission("contact.edit");
  const canTransfer = usePermission("contact.export_import");
  const exportUrl = (format: "csv" | "xlsx") => contactsExportUrl(format, filterQuery);
  return (
    <Group gap="xs">
      {canTransfer && (
        <>
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => onOpen("import")} data-testid="import-contacts">
            {t("import.button")}
          </Button>
          <Menu>
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} />} data-testid="export-contacts">
                {t("export.button")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component="a" href={exportUrl("csv")} download>
                {t("export.csv")}
              </Menu.Item>
              <Menu.Item component="a" href={exportUrl("xlsx")} download>
                {t("export.xlsx")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </>
      )}
      {canEdit && (
        <Button onClick={() => onOpen("add")} data-testid="add-contact">
          {t("add")}
        </Button>
      )}
    </Group>
  );
}
