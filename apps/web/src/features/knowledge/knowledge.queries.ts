import type { FolderView, VirtualAgentView } from "@holboo/core";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

export const folderKey = ["knowledge", "folders"] as const;
export const articlesKey = ["knowledge", "articles"] as const;
export const qaKey = ["knowledge", "qa"] as const;

export const useFolders = () => useQuery({ queryKey: folderKey, queryFn: () => http.get<{ items: FolderView[] }>("/api/knowledge/folders") });
export const useAgents = () =>
  useQuery({ queryKey: ["virtual-agents"], queryFn: () => http.get<{ items: VirtualAgentView[] }>("/api/company/virtual-agents"), staleTime: 60_000 });

/** Folders in tree order with their depth, for selects and the tree. */
export function flattenTree(folders: FolderView[]): { folder: FolderView; depth: number }[] {
  const out: { folder: FolderView; depth: number }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const folder of folders.filter((f) => f.parent_id === parent)) {
      out.push({ folder, depth });
      walk(folder.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export const folderOptions = (folders: FolderView[]) =>
  flattenTree(folders).map(({ folder, depth }) => ({ value: String(folder.id), label: `${"— ".repeat(depth)}${folder.name}` }));
