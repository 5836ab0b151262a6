import { zodResolver } from "@hookform/resolvers/zod";
import { BellRing, RotateCcw, Save } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  channels,
  notificationPreferencesSchema,
  type NotificationPreferences as Preferences,
} from "#domain/notification-preferences";
import { Button } from "#web/components/ui/button";
import { Skeleton } from "#web/components/ui/skeleton";
import { useI18n } from "#web/i18n/i18n-provider";
import { ChannelCard } from "./channel-card";
import { PageHeading } from "./standalone-page";
import { TimingCard } from "./timing-card";

/** Saves the preferences; throws when they could not be. */
export type SavePreferences = (preferences: Preferences) => Promise<void>;

/** The page while the saved preferences load: its heading, and the cards' skeletons. */
export function PreferencesLoading() {
  const { t } = useI18n();
  return (
    <>
      <PreferencesHeading dirty={false} saving={false} onReset={() => {}} />
      <div role="status" className="grid gap-6 md:grid-cols-2">
        <span className="sr-only">{t("common.loading")}</span>
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-72" />
        ))}
      </div>
    </>
  );
}

/** The form: the channels and the timing, saved with `save` (Reset goes back to `saved`). */
export function PreferencesForm({ saved, save }: { saved: Preferences; save: SavePreferences }) {
  const { t } = useI18n();
  const form = useForm<Preferences>({
    resolver: zodResolver(notificationPreferencesSchema),
    defaultValues: saved,
  });
  const { isDirty, isSubmitting } = form.formState;
  const [saveFailed, setSaveFailed] = useState(false);

  // Saved in another tab: follow it, unless this tab holds edits of its own.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(saved);
  }, [saved, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save(values);
      form.reset(values);
      setSaveFailed(false);
      toast.success(t("notifications.prefs.saved"));
    } catch {
      setSaveFailed(true);
      toast.error(t("notifications.prefs.saveFailed"));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t("notifications.prefs.title")}>
      <PreferencesHeading dirty={isDirty} saving={isSubmitting} onReset={() => form.reset()} />
      {saveFailed ? (
        <p
          role="alert"
          className="mb-6 rounded-md border border-destructive bg-background p-4 font-semibold"
        >
          {t("notifications.prefs.saveFailed")}
        </p>
      ) : null}
      <div className="grid gap-6 md:grid-cols-2">
        {channels.map((channel) => (
          <ChannelCard key={channel} channel={channel} control={form.control} />
        ))}
        <TimingCard form={form} />
      </div>
    </form>
  );
}

/** Title, Test Notification, and Reset with Save Changes once there are unsaved edits. */
export function PreferencesHeading({
  dirty,
  saving,
  onReset,
}: {
  dirty: boolean;
  saving: boolean;
  onReset: () => void;
}) {
  const { t } = useI18n();
  return (
    <PageHeading
      title={t("notifications.prefs.title")}
      subtitle={t("notifications.prefs.subtitle")}
      actions={
        <>
          <Button
            variant="outline"
            className="h-11"
            onClick={() => toast.info(t("notifications.prefs.testSent"))}
          >
            <BellRing aria-hidden="true" /> {t("notifications.prefs.test")}
          </Button>
          {dirty ? (
            <>
              <Button variant="ghost" className="h-11" onClick={onReset} disabled={saving}>
                <RotateCcw aria-hidden="true" /> {t("notifications.prefs.reset")}
              </Button>
              <Button type="submit" className="h-11" disabled={saving}>
                <Save aria-hidden="true" />{" "}
                {saving ? t("notifications.prefs.saving") : t("notifications.prefs.save")}
              </Button>
            </>
          ) : null}
        </>
      }
    />
  );
}
