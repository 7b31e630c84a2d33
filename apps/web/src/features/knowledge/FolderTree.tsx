import type { FolderView } from "@holboo/core";
import { ActionIcon, Box, Group, Menu, NavLink, Text } from "@mantine/core";
import { IconDots, IconFolder, IconFolderOpen } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

interface Props {
  folders: FolderView[];
  selected: number | null;
  onSelect: (id: number | null) => void;
  canEdit: boolean;
  onAddChild: (parent: FolderView) => void;
  onEdit: (folder: FolderView) => void;
  onDelete: (folder: FolderView) => void;
}

/** The folder tree, always expanded; each folder's actions sit beside it (not inside its link). */
export function FolderTree({ folders, selected, onSelect, canEdit, onAddChild, onEdit, onDelete }: Props) {
  const { t } = useTranslation("knowledge");
  const branch = (parent: number | null) =>
    folders
      .filter((f) => f.parent_id === parent)
      .map((folder) => {
        const active = selected === folder.id;
        const children = branch(folder.id);
        return (
          <div key={folder.id} data-testid={`folder-${folder.name}`}>
            <Group gap={0} wrap="nowrap">
              <NavLink
                style={{ flex: 1 }}
                label={folder.name}
                description={t("folders.articles", { count: folder.article_count })}
                leftSection={active ? <IconFolderOpen size={16} /> : <IconFolder size={16} />}
                active={active}
                onClick={() => onSelect(folder.id)}
              />
              {canEdit && (
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon variant="subtle" size="sm" aria-label={t("folders.actions", { name: folder.name })}>
                      <IconDots size={14} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => onAddChild(folder)}>{t("folders.addChild")}</Menu.Item>
                    <Menu.Item onClick={() => onEdit(folder)}>{t("folders.edit")}</Menu.Item>
                    <Menu.Item color="red" onClick={() => onDelete(folder)}>
                      {t("folders.delete")}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
            {children.length > 0 && <Box pl="md">{children}</Box>}
          </div>
        );
      });
  return (
    <nav aria-label={t("folders.title")}>
      <NavLink label={t("folders.all")} active={selected === null} onClick={() => onSelect(null)} />
      {folders.length ? (
        branch(null)
      ) : (
        <Text size="sm" c="dimmed" p="sm">
          {t("folders.empty")}
        </Text>
      )}
    </nav>
  );
}
