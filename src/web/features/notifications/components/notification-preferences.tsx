import { zodResolver } from "@hookform/resolvers/zod";
import { BellRing, RefreshCw, RotateCcw, Save } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
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
import { useSession } from "#web/lib/session";
import { type PreferencesStore, preferencesStore, useSavedPreferences } from "../preferences-store";
import { ChannelCard } from "./channel-card";
import { PageHeading } from "./standalone-page";
import { TimingCard } from "./timing-card";

/**
 * Saving in the browser is one synchronous write; 'Saving...' stays this long so it is seen
 * rather than flickering, and a second click cannot save twice meanwhile.
 */
const SAVING_MS = 400;

/** Saves the preferences; throws when they could not be. */
type SavePreferences = (preferences: Preferences) => Promise<void>;

/**
 * /settings/notifications, 'Notification Preferences': channels, timing, Save and Reset. A
 * signed-in person's are stored on the server (which follows them for its e-mails); an
 * anonymous visitor's stay in this browser.
 */
export function NotificationPreferences({
  store = preferencesStore,
}: {
  store?: PreferencesStore;
}) {
  const { user, ready } = useSession();
  if (!ready) return <Loading />;
  return user ? <ServerPreferences key={user.uid} /> : <BrowserPreferences store={store} />;
}

function BrowserPreferences({ store }: { store: PreferencesStore }) {
  const saved = useSavedPreferences(store);
  const save = useCallback<SavePreferences>(
    async (values) => {
      await new Promise((resolve) => setTimeout(resolve, SAVING_MS));
      store.save(values);
    },
    [store],
  );
  return saved ? <PreferencesForm saved={saved} save={save} /> : <Loading />;
}

type Loaded =
  | { state: "loading" }
  | { state: "failed" }
  | { state: "ready"; preferences: Preferences; save: SavePreferences };

/** The server's copy: loaded (its calls imported) for a signed-in person only. */
function ServerPreferences() {
  const { t } = useI18n();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    setLoaded({ state: "loading" });
    import("../server-preferences")
      .then(async ({ loadPreferences, savePreferences }) => {
        const preferences = await loadPreferences(controller.signal);
        if (controller.signal.aborted) return;
        const save: SavePreferences = async (values) => {
          await savePreferences(values);
        };
        setLoaded({ state: "ready", preferences, save });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ state: "failed" });
      });
    return () => controller.abort();
  }, [attempt]);

  if (loaded.state === "ready")
    return <PreferencesForm saved={loaded.preferences} save={loaded.save} />;
  if (loaded.state === "loading") return <Loading />;
  return (
    <>
      <Heading dirty={false} saving={false} onReset={() => {}} />
      <div
        role="alert"
        className="grid justify-items-start gap-3 rounded-md border border-destructive bg-background p-6"
      >
        <p className="font-semibold">{t("notifications.prefs.loadFailed")}</p>
        <Button variant="outline" className="h-11" onClick={() => setAttempt((n) => n + 1)}>
          <RefreshCw aria-hidden="true" /> {t("notifications.prefs.retry")}
        </Button>
      </div>
    </>
  );
}

function Loading() {
  const { t } = useI18n();
  return (
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

function PreferencesForm({ saved, save }: { saved: Preferences; save: SavePreferences }) {
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
      <Heading dirty={isDirty} saving={isSubmitting} onReset={() => form.reset()} />
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
