import type { EditableRole, InviteUserInput, MatrixPermission, Role, UpdateUserInput, UserStatus, UserType, UserView } from "@holboo/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { MutationReactions } from "../../../lib/mutation.ts";
import { meKeys } from "../../../lib/session.ts";
import { outboxKeys } from "../outbox/outbox.keys.ts";
import { roleKeys, userKeys } from "./users.keys.ts";

export const USERS_PAGE_SIZE = 20;

export interface UserFilters {
  user_type: UserType | null;
  user_status: UserStatus | null;
  role: Role | null;
  search: string;
}

export const NO_FILTERS: UserFilters = { user_type: null, user_status: null, role: null, search: "" };

/** GET /api/users with the table's filters and page (spec §7: items and total). */
export function useUsers(filters: UserFilters, page: number) {
  const query = { ...filters, page, page_size: USERS_PAGE_SIZE };
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: () => api.get("/api/users", { query }),
    placeholderData: keepPreviousData,
  });
}

/** A change to people refreshes every list of them; an invitation also adds a mail to the outbox. */
export function useRefreshPeople() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: userKeys.all });
    void client.invalidateQueries({ queryKey: outboxKeys.all });
  };
}

const inviteUser = (body: InviteUserInput) => api.post("/api/users/invite", { body });

/** Invites a colleague; the people lists refresh at once (the outbox when the screen is done, `useRefreshPeople`). */
export function useInviteUser(reactions: MutationReactions<typeof inviteUser>) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: inviteUser,
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: userKeys.all });
      return reactions.onSuccess?.(...args);
    },
  });
}

const updateUser = (id: number | undefined, body: UpdateUserInput) => api.put("/api/users/:id", { params: { id }, body });
export const useUpdateUser = (id: number | undefined, reactions: MutationReactions<(body: UpdateUserInput) => ReturnType<typeof updateUser>>) =>
  useMutation({ ...reactions, mutationFn: (body: UpdateUserInput) => updateUser(id, body) });

/** Switches a person between active and inactive. */
export function useToggleUserStatus(user: UserView) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.put("/api/users/:id/status", { params: { id: user.ID }, body: { user_status: user.user_status === "active" ? "inactive" : "active" } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

const resendInvite = (id: number) => api.post("/api/users/:id/resend-invite", { params: { id } });

/** Sends an invitation again; the outbox refreshes. */
export function useResendInvite(id: number, reactions: MutationReactions<() => ReturnType<typeof resendInvite>>) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: () => resendInvite(id),
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: outboxKeys.all });
      return reactions.onSuccess?.(...args);
    },
  });
}

const deleteUser = (user: UserView) => api.del("/api/users/:id", { params: { id: user.ID } });

export function useDeleteUser(reactions: MutationReactions<typeof deleteUser>) {
  const client = useQueryClient();
  return useMutation({ ...reactions, mutationFn: deleteUser, onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }) });
}

// --- The role matrix (RoleMatrix) ---

export const useRoleMatrix = () => useQuery({ queryKey: roleKeys.all, queryFn: () => api.get("/api/roles") });

const saveRole = ({ role, permissions }: { role: EditableRole; permissions: MatrixPermission[] }) =>
  api.put("/api/roles/:role", { params: { role }, body: { permissions } });

/** Saves one role's permissions; the answer is the whole matrix, and the signed-in person's own permissions may change with it. */
export function useSaveRole(reactions: MutationReactions<typeof saveRole>) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: saveRole,
    onSuccess: (data, ...rest) => {
      client.setQueryData(roleKeys.all, data);
      void client.invalidateQueries({ queryKey: meKeys.all });
      return reactions.onSuccess?.(data, ...rest);
    },
  });
}
