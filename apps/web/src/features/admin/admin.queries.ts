import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { adminKeys } from "./admin.keys.ts";

export const ADMIN_PAGE_SIZE = 20;
export type Approval = "pending" | "approved";

export const useAdminCompanies = (search: string, page: number) =>
  useQuery({
    queryKey: adminKeys.companies(search, page),
    queryFn: () => api.get("/api/admin/companies", { query: { search, page, page_size: ADMIN_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (approval: Approval | null, search: string, page: number) =>
  useQuery({
    queryKey: adminKeys.users(approval, search, page),
    queryFn: () => api.get("/api/admin/users", { query: { approval, search, page, page_size: ADMIN_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useAdminSettings = () => useQuery({ queryKey: adminKeys.settings(), queryFn: () => api.get("/api/admin/settings") });

export const useDeadJobs = (page: number) =>
  useQuery({
    queryKey: adminKeys.deadJobs(page),
    queryFn: () => api.get("/api/admin/jobs/dead", { query: { page, page_size: ADMIN_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

// --- The platform users list (AdminUsers) ---

/** Approves a pending sign-up; every admin list refreshes (the user's company may appear). */
export function useApproveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post("/api/admin/users/:id/approve", { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
