import type { AdminCompanyView, AdminSettingsView, AdminUserView, DeadJobView, ListResponse } from "@holboo/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

export const adminKey = ["admin"] as const;
export const ADMIN_PAGE_SIZE = 20;
export type Approval = "pending" | "approved";

export const useAdminCompanies = (search: string, page: number) =>
  useQuery({
    queryKey: [...adminKey, "companies", search, page],
    queryFn: () => http.get<ListResponse<AdminCompanyView>>("/api/admin/companies", { search, page, page_size: ADMIN_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (approval: Approval | null, search: string, page: number) =>
  useQuery({
    queryKey: [...adminKey, "users", approval, search, page],
    queryFn: () => http.get<ListResponse<AdminUserView>>("/api/admin/users", { approval, search, page, page_size: ADMIN_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

export const useAdminSettings = () => useQuery({ queryKey: [...adminKey, "settings"], queryFn: () => http.get<AdminSettingsView>("/api/admin/settings") });

export const useDeadJobs = (page: number) =>
  useQuery({
    queryKey: [...adminKey, "jobs", "dead", page],
    queryFn: () => http.get<ListResponse<DeadJobView>>("/api/admin/jobs/dead", { page, page_size: ADMIN_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
