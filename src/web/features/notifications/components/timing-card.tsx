import { Clock } from "lucide-react";
import { useId } from "react";
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import { frequencies, type NotificationPreferences } from "#domain/notification-preferences";
import { Card } from "#web/components/ui/card";
import { SelectField, TextField } from "#web/components/ui/form-field";
import { Switch } from "#web/components/ui/switch";
import { useI18n } from "#web/i18n/i18n-provider";

/** Quiet hours (with their times while on) and the delivery frequency. */
export function TimingCard({ form }: { form: UseFormReturn<NotificationPreferences> }) {
  const { t } = useI18n();
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
              {t("notifications.timing.title")}
            </h2>
            <p className="text-sm text-muted-foreground">{t("notifications.timing.subtitle")}</p>
          </div>
        </div>
        <Controller
          control={control}
          name="quietHours.enabled"
          render={({ field }) => (
            <Switch
              label={t("notifications.timing.quiet")}
              description={t("notifications.timing.quietDescription")}
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
              label={t("notifications.timing.start")}
              type="time"
              error={errors?.startTime?.message}
              {...register("quietHours.startTime")}
            />
            <TextField
              label={t("notifications.timing.end")}
              type="time"
              error={errors?.endTime?.message}
              {...register("quietHours.endTime")}
            />
          </div>
        ) : null}
        <SelectField
          label={t("notifications.timing.frequency")}
          className="mt-4"
          hint={t("notifications.timing.emergencyNote")}
          {...register("frequency")}
        >
          {frequencies.map((value) => (
            <option key={value} value={value}>
              {t(`notifications.timing.frequency.${value}`)}
            </option>
          ))}
        </SelectField>
      </section>
    </Card>
  );
}
