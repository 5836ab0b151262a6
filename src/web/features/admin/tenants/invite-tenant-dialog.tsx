import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import {
  maintenanceStaffMessages,
  TENANT_INVITE_DAYS,
  type TenantInviteInput,
  tenantInviteSchema,
  tenantMessages,
} from "#domain/maintenance";
import type { z } from "#domain/zod";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { TextField } from "#web/components/ui/form-field";
import { useContractMutation } from "#web/lib/query";
import {
  DialogActions,
  FormAlert,
  LanguageField,
  useReturnFocus,
} from "../properties/dialog-parts";
import { refusalLines } from "./refusal-lines";

type Invite = z.output<typeof tenantInviteSchema>;

/** Where the invitation gives access: the unit and its building, for the dialog's words. */
export type InviteTarget = { unitId: number; unitNumber: string; building: string };

function InviteForm({ target, onDone }: { target: InviteTarget; onDone: () => void }) {
  const [alert, setAlert] = useState<string[] | null>(null);
  const form = useForm<TenantInviteInput, unknown, Invite>({
    resolver: zodResolver(tenantInviteSchema),
    defaultValues: { name: "", email: "", language: "en" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const invite = useContractMutation(adminMaintenanceApi.invite, (body: Invite) => ({
    params: { id: String(target.unitId) },
    body,
  }));

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      await invite.mutateAsync(values);
      toast.success(tenantMessages.invited);
      onDone();
    } catch (error) {
      setAlert(refusalLines(maintenanceStaffMessages.inviteFailed, error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <TextField
        label="Name"
        autoComplete="off"
        error={errors.name?.message}
        {...form.register("name")}
      />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <LanguageField
        label="Language of their e-mails"
        error={errors.language?.message}
        {...form.register("language")}
      />
      <FormAlert lines={alert} />
      <DialogActions submitLabel="Send invitation" phase={isSubmitting ? "saving" : "idle"} />
    </form>
  );
}

/**
 * 'Invite tenant': gives a person access to the tenant portal for one unit; the server e-mails
 * them a link (valid TENANT_INVITE_DAYS days). The form starts empty each time it opens.
 */
export function InviteTenantDialog({
  target,
  onClose,
}: {
  target: InviteTarget | null;
  onClose: () => void;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title="Invite tenant"
        description={
          target
            ? `Unit ${target.unitNumber}, ${target.building}. They receive an e-mail with a link to the tenant portal, valid for ${TENANT_INVITE_DAYS} days.`
            : undefined
        }
        {...returnFocus}
      >
        {target ? <InviteForm target={target} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
