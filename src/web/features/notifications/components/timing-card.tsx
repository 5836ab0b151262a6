import { Clock } from "lucide-react";
import { useId } from "react";
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import {
  frequencies,
  frequencyLabels,
  type NotificationPreferences,
  notificationPreferencesMessages,
} from "#domain/notification-preferences";
import { Card } from "#web/components/ui/card";
import { SelectField, TextField } from "#web/components/ui/form-field";
import { Switch } from "#web/components/ui/switch";

/** Quiet hours (with their times while on) and the delivery frequency. */
export function TimingCard({ form }: { form: UseFormReturn<NotificationPreferences> }) {
  const headingId = useId();
  const { control, register, formState } = form;
  const quiet = useWatch({ control, name: "quietHours.enabled" });
  const errors = formState.errors.quietHours;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={headingId}>
        <div className="mb-2 flex items-start gap-3">
          <Clock aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <div>
            <h2 id={headingId} className="text-lg font-bold">
              Timing Preferences
            </h2>
            <p className="text-sm text-muted-foreground">When notifications reach you</p>
          </div>
        </div>
        <Controller
          control={control}
          name="quietHours.enabled"
          render={({ field }) => (
            <Switch
              label="Quiet hours"
              description="Hold back non-emergency notifications during these hours"
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        {quiet ? (
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            <TextField
              label="Start time"
              type="time"
              error={errors?.startTime?.message}
              {...register("quietHours.startTime")}
            />
            <TextField
              label="End time"
              type="time"
              error={errors?.endTime?.message}
              {...register("quietHours.endTime")}
            />
          </div>
        ) : null}
        <SelectField
          label="Notification frequency"
          className="mt-4"
          hint={notificationPreferencesMessages.emergencyNote}
          {...register("frequency")}
        >
          {frequencies.map((value) => (
            <option key={value} value={value}>
              {frequencyLabels[value]}
            </option>
          ))}
        </SelectField>
      </section>
    </Card>
  );
}
