import type { CompanyView } from "@holboo/core";
import { Alert, Divider, Loader, Paper, Stack, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/shared/EmptyState.tsx";
import { LogoUpload } from "../../../components/shared/LogoUpload.tsx";
import { useMe, usePermission } from "../../../lib/session.ts";
import { CompanyForm } from "./CompanyForm.tsx";
import { storeCompany, uploadCompanyLogo, useCompany } from "./company.queries.ts";
import { DeleteCompany } from "./DeleteCompany.tsx";
import { MailDomains } from "./MailDomains.tsx";
import { TransferOwnership } from "./TransferOwnership.tsx";
import { TwoFactorPolicyCard } from "../../security/TwoFactorPolicyCard.tsx";

/** /settings/our_company: details, logo, mail domains, and the owner's and creator's irreversible actions. */
export function OurCompanyPage() {
  const { t } = useTranslation("settings");
  const { data: me } = useMe();
  const canEdit = usePermission("settings.edit");
  const canManage = usePermission("company.manage");
  const company = useCompany();
  const client = useQueryClient();
  if (company.isPending) return <Loader />;
  if (!company.data || !me) return <EmptyState onRetry={() => void company.refetch()} />;
  const canTransfer = me.is_owner && !company.data.ownership_transferred;
  const canDelete = me.can_delete_company;
  return (
    <Stack>
      <Title order={2}>{t("company.title")}</Title>
      {!canEdit && (
        <Alert color="gray" icon={<IconLock size={16} />}>
          {t("readOnly")}
        </Alert>
      )}
      <Paper p="lg" withBorder>
        <Stack>
          <LogoUpload<CompanyView>
            src={company.data.logo_url}
            name={company.data.name}
            upload={uploadCompanyLogo}
            onUploaded={(updated) => storeCompany(client, updated)}
            canEdit={canEdit}
          />
          <CompanyForm key={company.data.id} company={company.data} canEdit={canEdit} />
        </Stack>
      </Paper>
      <Paper p="lg" withBorder>
        <MailDomains canEdit={canEdit} />
      </Paper>
      {canManage && (
        <Paper p="lg" withBorder>
          <TwoFactorPolicyCard />
        </Paper>
      )}
      {(canTransfer || canDelete) && (
        <Paper p="lg" withBorder style={{ borderColor: "var(--mantine-color-red-3)" }} data-testid="danger-zone">
          <Stack>
            <Title order={4} c="red.7">
              {t("danger.title")}
            </Title>
            {canTransfer && <TransferOwnership meId={me.ID} />}
            {canTransfer && canDelete && <Divider />}
            {canDelete && <DeleteCompany company={company.data} />}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
