import { Bell, Mail, Smartphone } from "lucide-react";
import { useId } from "react";
import { type Control, Controller, useWatch } from "react-hook-form";
import {
  type Channel,
  channelCategories,
  type NotificationPreferences,
} from "#domain/notification-preferences";
import { Card } from "#web/components/ui/card";
import { Switch } from "#web/components/ui/switch";
import { useI18n } from "#web/i18n/i18n-provider";

const icons = { email: Mail, inApp: Bell, push: Smartphone } as const;

/**
 * A channel's card: its enable switch and, while enabled, a switch per category. Emergency push
 * is always on, whatever the visitor chooses: its switch is shown on and cannot be changed.
 */
export function ChannelCard({
  channel,
  control,
}: {
  channel: Channel;
  control: Control<NotificationPreferences>;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const copy = (field: "title" | "description" | "enable" | "legend") =>
    t(`notifications.channel.${channel}.${field}`);
  const Icon = icons[channel];
  const enabled = useWatch({ control, name: `${channel}.enabled` });
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={headingId}>
        <div className="mb-2 flex items-start gap-3">
          <Icon aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <div>
            <h2 id={headingId} className="text-lg font-bold">
              {copy("title")}
            </h2>
            <p className="text-sm text-muted-foreground">{copy("description")}</p>
          </div>
        </div>
        <Controller
          control={control}
          name={`${channel}.enabled`}
          render={({ field }) => (
            <Switch
              label={copy("enable")}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        {enabled ? (
          <fieldset className="mt-2 border-t border-border pt-2">
            <legend className="sr-only">{copy("legend")}</legend>
            {channelCategories.map((category) =>
              channel === "push" && category === "emergency" ? (
                <Switch
                  key={category}
                  label={t("notifications.channel.lockedEmergency")}
                  checked
                  disabled
                  onCheckedChange={() => {}}
                />
              ) : (
                <Controller
                  key={category}
                  control={control}
                  name={`${channel}.${category}`}
                  render={({ field }) => (
                    <Switch
                      label={t(`notifications.channel.category.${category}`)}
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      onBlur={field.onBlur}
                      ref={field.ref}
                    />
                  )}
                />
              ),
            )}
          </fieldset>
        ) : channel === "push" ? (
          <p className="mt-2 text-sm text-muted-foreground">{t("notifications.channel.pushOff")}</p>
        ) : null}
      </section>
    </Card>
  );
}
