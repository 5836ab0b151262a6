import { zodResolver } from "@hookform/resolvers/zod";
import { BellRing, RotateCcw, Save } from "lucide-react";
import { useEffect } from "react";
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
import { type PreferencesStore, preferencesStore, useSavedPreferences } from "../preferences-store";
import { ChannelCard } from "./channel-card";
import { PageHeading } from "./standalone-page";
import { TimingCard } from "./timing-card";

/**
 * Saving is one synchronous write; 'Saving...' stays this long so it is seen rather than
 * flickering, and a second click cannot save twice meanwhile.
 */
const SAVING_MS = 400;

/** /settings/notifications, 'Notification Preferences': channels, timing, Save and Reset. */
export function NotificationPreferences({
  store = preferencesStore,
}: {
  store?: PreferencesStore;
}) {
  const { t } = useI18n();
  const saved = useSavedPreferences(store);
  return saved ? (
    <PreferencesForm saved={saved} store={store} />
  ) : (
    <>
      <Heading dirty={false} saving={false} onReset={() => {}} />
      <div role="status" className="grid gap-6 md:grid-cols-2">
        <span className="sr-only">{t("common.loading")}</span>
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-72" />
        ))}
      </div>
    </>
  );
}

function PreferencesForm({ saved, store }: { saved: Preferences; store: PreferencesStore }) {
  const { t } = useI18n();
  const form = useForm<Preferences>({
    resolver: zodResolver(notificationPreferencesSchema),
    defaultValues: saved,
  });
  const { isDirty, isSubmitting } = form.formState;

  // Saved in another tab: follow it, unless this tab holds edits of its own.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(saved);
  }, [saved, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    await new Promise((resolve) => setTimeout(resolve, SAVING_MS));
    try {
      store.save(values);
      form.reset(values);
      toast.success(t("notifications.prefs.saved"));
    } catch {
      toast.error(t("notifications.prefs.saveFailed"));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t("notifications.prefs.title")}>
      <Heading dirty={isDirty} saving={isSubmitting} onReset={() => form.reset()} />
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
function Heading({
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
