import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useMe } from "../../../lib/session.ts";
import { channelKeys } from "./channels.keys.ts";

/** Every channel of the signed-in person's company (the channel pages, the agent dialog, and the inbox, issue and dashboard filters). */
export function useCompanyChannels() {
  const { data: me } = useMe();
  return useQuery({
    queryKey: channelKeys.company(me?.company_id),
    queryFn: () => api.get("/api/company/:company_id/channel", { params: { company_id: me?.company_id } }),
    enabled: !!me?.company_id,
  });
}
