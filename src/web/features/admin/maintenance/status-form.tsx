import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import {
  type MaintenanceRequest,
  type MaintenanceUpdate,
  type MaintenanceUpdateInput,
  maintenanceMessages,
  maintenanceStaffMessages,
  maintenanceStatuses,
  maintenanceStatusLabels,
  maintenanceUpdateSchema,
  visitWindowLabels,
  visitWindows,
} from "#domain/maintenance";
import { Button } from "#web/components/ui/button";
import { SelectField, TextField } from "#web/components/ui/form-field";
import { ApiError } from "#web/lib/api-client";
import { useRequestWrite } from "./use-maintenance";

const orNull = (value: unknown) => (value === "" || value === undefined ? null : value);

/** The refusal's words: the server's own when it gave some. */
function failureOf(error: unknown): string {
  if (error instanceof ApiError && (error.fromServer || error.status === 0)) {
    const details = error.details.map((d) => d.msg);
    return [error.message, ...details].join(" ");
  }
  return maintenanceStaffMessages.updateFailed;
}

/**
 * Status and schedule: 'Scheduled' asks for the visit's date and time window (the domain's
 * schema says so, here and on the server); other statuses send the status alone. The tenant is
 * e-mailed by the server. The answer replaces the open request at once; the contract's
 * invalidation refreshes the list and the tab's count.
 */
export function StatusForm({ request }: { request: MaintenanceRequest }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<MaintenanceUpdateInput, unknown, MaintenanceUpdate>({
    resolver: zodResolver(maintenanceUpdateSchema),
    defaultValues: {
      status: request.status,
      scheduledFor: request.scheduledFor,
      window: request.window,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const scheduled = form.watch("status") === "scheduled";
  const update = useRequestWrite(adminMaintenanceApi.update, request.id);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const body: MaintenanceUpdateInput =
      values.status === "scheduled"
        ? { status: values.status, scheduledFor: values.scheduledFor, window: values.window }
        : { status: values.status };
    try {
      const updated = await update.mutateAsync(body);
      form.reset({
        status: updated.status,
        scheduledFor: updated.scheduledFor,
        window: updated.window,
      });
      toast.success(maintenanceMessages.updated);
    } catch (error) {
      setFailure(failureOf(error));
    }
  });

  return (
    <section aria-labelledby="request-status" className="grid gap-3">
      <h3 id="request-status" className="font-semibold">
        Schedule and progress
      </h3>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-3 sm:items-start">
        <SelectField label="Status" error={errors.status?.message} {...form.register("status")}>
          {maintenanceStatuses.map((s) => (
            <option key={s} value={s}>
              {maintenanceStatusLabels[s]}
            </option>
          ))}
        </SelectField>
        {scheduled ? (
          <>
            <TextField
              label="Visit date"
              type="date"
              error={errors.scheduledFor?.message}
              {...form.register("scheduledFor", { setValueAs: orNull })}
            />
            <SelectField
              label="Time window"
              error={errors.window?.message}
              {...form.register("window", { setValueAs: orNull })}
            >
              <option value="">Choose a window</option>
              {visitWindows.map((w) => (
                <option key={w} value={w}>
                  {visitWindowLabels[w]}
                </option>
              ))}
            </SelectField>
          </>
        ) : null}
        {failure ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive sm:col-span-3"
          >
            {failure}
          </p>
        ) : null}
        <div className="sm:col-span-3">
          <Button type="submit" className="h-11" disabled={isSubmitting}>
            <CalendarCheck aria-hidden="true" />
            {isSubmitting ? "Saving..." : "Save status"}
          </Button>
        </div>
      </form>
    </section>
  );
}
