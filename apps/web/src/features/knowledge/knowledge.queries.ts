import type { FolderView } from "@holboo/core";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { agentKeys } from "../settings/agents/agents.keys.ts";
import { knowledgeKeys } from "./knowledge.keys.ts";

export const useFolders = () => useQuery({ queryKey: knowledgeKeys.folders(), queryFn: () => api.get("/api/knowledge/folders") });
/** The company's virtual agents a folder can be given to (the pickers' short list). */
export const useAgents = () => useQuery({ queryKey: agentKeys.options(), queryFn: () => api.get("/api/company/virtual-agents"), staleTime: 60_000 });

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
