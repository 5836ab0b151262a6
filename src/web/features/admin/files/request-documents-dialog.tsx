import { zodResolver } from "@hookform/resolvers/zod";
import { MailPlus, Send } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { adminMessages } from "#domain/admin";
import { tenantFilesApi } from "#domain/api/tenant-files";
import {
  documentRequestSchema,
  fileCategories,
  fileCategoryLabels,
  filesMessages,
  UPLOAD_LINK_DAYS,
} from "#domain/tenant-files";
import type { z } from "#domain/zod";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "#web/components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/form-field";
import { ApiError } from "#web/lib/api-client";
import { useContractMutation } from "#web/lib/query";
import { useBuildingChoices } from "../buildings/use-building-choices";
import { LanguageField } from "../properties/dialog-parts";

type Input = z.input<typeof documentRequestSchema>;
type Values = z.output<typeof documentRequestSchema>;
type Failure = { message: string; details: string[] };

const blank: Partial<Input> = {
  tenantName: "",
  tenantEmail: "",
  propertyId: undefined,
  unit: "",
  category: "other",
  maintenanceRequest: "",
  note: "",
  language: "en",
};

/** What the dialog says when the request was not sent: the server's words when it gave some. */
function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiError)) return { message: filesMessages.requestFailed, details: [] };
  const details = error.details.map((d) => d.msg);
  if (details.length > 0) return { message: adminMessages.validationFailed, details };
  // Status 0 carries the client's own "check your connection" sentence, worth showing too.
  if (error.fromServer || error.status === 0) return { message: error.message, details: [] };
  return { message: filesMessages.requestFailed, details: [] };
}

function RequestForm({ onDone }: { onDone: () => void }) {
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm<Input, unknown, Values>({
    resolver: zodResolver(documentRequestSchema),
    defaultValues: blank,
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const propertyId = form.watch("propertyId");
  const category = form.watch("category");
  const { buildings, finder } = useBuildingChoices(propertyId);
  const units = buildings.find((b) => b.id === propertyId)?.units ?? [];
  // Once sent, the contract's invalidation refetches the document requests listed under the tab.
  const send = useContractMutation(tenantFilesApi.createRequest, (body: Values) => ({ body }));

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      // The maintenance request title belongs to maintenance files only.
      const maintenanceRequest = values.category === "maintenance" ? values.maintenanceRequest : "";
      await send.mutateAsync({ ...values, maintenanceRequest });
      toast.success(filesMessages.requestSent(values.tenantEmail));
      onDone();
    } catch (error) {
      setFailure(failureOf(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Request Documents">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Tenant Name"
          autoComplete="off"
          error={errors.tenantName?.message}
          {...form.register("tenantName")}
        />
        <TextField
          label="Tenant Email"
          type="email"
          autoComplete="off"
          error={errors.tenantEmail?.message}
          {...form.register("tenantEmail")}
        />
        {finder ? <div className="sm:col-span-2">{finder}</div> : null}
        <SelectField
          label="Building"
          error={errors.propertyId?.message}
          {...form.register("propertyId", {
            setValueAs: (v: string | number | undefined) =>
              v === "" || v === undefined ? undefined : Number(v),
            // A unit of the building chosen before is not a unit of this one.
            onChange: () => form.setValue("unit", ""),
          })}
        >
          <option value="">Choose a building</option>
          {buildings.map((b) => (
            <option key={b.id} value={b.id}>
              {b.title}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Unit"
          error={errors.unit?.message}
          hint={propertyId ? undefined : "Choose a building first"}
          disabled={!propertyId}
          {...form.register("unit")}
        >
          <option value="">No specific unit</option>
          {units.map((u) => (
            <option key={u.unitNumber} value={u.unitNumber}>
              {`Unit ${u.unitNumber}`}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Category"
          error={errors.category?.message}
          {...form.register("category")}
        >
          {fileCategories.map((c) => (
            <option key={c} value={c}>
              {fileCategoryLabels[c]}
            </option>
          ))}
        </SelectField>
        <LanguageField
          label="Language of the e-mail and upload page"
          error={errors.language?.message}
          {...form.register("language")}
        />
        {category === "maintenance" ? (
          <TextField
            label="Maintenance Request"
            placeholder="e.g. Leaking kitchen faucet"
            error={errors.maintenanceRequest?.message}
            {...form.register("maintenanceRequest")}
          />
        ) : null}
      </div>
      <TextAreaField
        label="Note (optional)"
        hint="Shown to the tenant on the upload page and in the e-mail."
        className="[&_textarea]:min-h-24"
        error={errors.note?.message}
        {...form.register("note")}
      />
      {failure ? (
        <div
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          <p className="font-medium">{failure.message}</p>
          {failure.details.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {failure.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <Button type="submit" size="lg" disabled={isSubmitting}>
        <Send aria-hidden="true" />
        {isSubmitting ? "Sending..." : "Send Request"}
      </Button>
    </form>
  );
}

/**
 * 'Request Documents': staff ask a tenant (who cannot sign in) for documents; the server e-mails
 * an upload link valid UPLOAD_LINK_DAYS days. The form is remounted each time the dialog opens,
 * so it starts empty.
 */
export function RequestDocumentsDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button className="h-11">
          <MailPlus aria-hidden="true" /> Request Documents
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Request Documents from a Tenant"
        description={`The tenant receives an e-mail with a link to upload files, valid for ${UPLOAD_LINK_DAYS} days.`}
        className="max-w-2xl"
      >
        <RequestForm onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
