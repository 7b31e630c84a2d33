import type { FolderView } from "@holboo/core";
import { ActionIcon, Menu, NavLink, Text } from "@mantine/core";
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

export function FolderTree({ folders, selected, onSelect, canEdit, onAddChild, onEdit, onDelete }: Props) {
  const { t } = useTranslation("knowledge");
  const branch = (parent: number | null) =>
    folders
      .filter((f) => f.parent_id === parent)
      .map((folder) => {
        const children = branch(folder.id);
        const active = selected === folder.id;
        return (
          <NavLink
            key={folder.id}
            label={folder.name}
            description={t("folders.articles", { count: folder.article_count })}
            leftSection={active ? <IconFolderOpen size={16} /> : <IconFolder size={16} />}
            active={active}
            defaultOpened
            onClick={() => onSelect(folder.id)}
            data-testid={`folder-${folder.name}`}
            rightSection={
              canEdit && (
                <Menu withinPortal position="bottom-end">
                  <Menu.Target>
                    <ActionIcon variant="subtle" size="sm" aria-label={t("edit")} onClick={(e) => e.stopPropagation()} component="span">
                      <IconDots size={14} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
                    <Menu.Item onClick={() => onAddChild(folder)}>{t("folders.addChild")}</Menu.Item>
                    <Menu.Item onClick={() => onEdit(folder)}>{t("folders.edit")}</Menu.Item>
                    <Menu.Item color="red" onClick={() => onDelete(folder)}>{t("folders.delete")}</Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )
            }
          >
            {children.length ? children : undefined}
          </NavLink>
        );
      });
  return (
    <nav aria-label={t("folders.title")}>
      <NavLink label={t("folders.all")} active={selected === null} onClick={() => onSelect(null)} />
      {folders.length ? branch(null) : <Text size="sm" c="dimmed" p="sm">{t("folders.empty")}</Text>}
    </nav>
  );
}
