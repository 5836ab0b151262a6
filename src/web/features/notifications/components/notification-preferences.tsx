import { useCallback, useEffect, useState } from "react";
import { LoadFailed } from "#web/components/load-failed";
import { useI18n } from "#web/i18n/i18n-provider";
import { lazyModule } from "#web/lib/lazy-module";
import { useSession } from "#web/lib/session";
import { type PreferencesStore, preferencesStore, useSavedPreferences } from "../preferences-store";
import {
  PreferencesForm,
  PreferencesHeading,
  PreferencesLoading,
  type SavePreferences,
} from "./preferences-form";

/**
 * Saving in the browser is one synchronous write; 'Saving...' stays this long so it is seen
 * rather than flickering, and a second click cannot save twice meanwhile.
 */
const SAVING_MS = 400;

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
  if (!ready) return <PreferencesLoading />;
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
  return saved ? <PreferencesForm saved={saved} save={save} /> : <PreferencesLoading />;
}

/** The server's half (its calls, their schemas, the query cache): a signed-in person's only. */
const serverModule = lazyModule(() => import("../server-preferences"));

/** The server's copy, once its module is here; a module that did not arrive is asked again. */
function ServerPreferences() {
  const { t } = useI18n();
  const [loaded, setLoaded] = useState(() => serverModule.loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    void attempt;
    if (loaded) return;
    let live = true;
    serverModule.load().then(
      (module) => live && setLoaded(module),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [loaded, attempt]);

  if (loaded) return <loaded.ServerPreferences />;
  if (!failed) return <PreferencesLoading />;
  return (
    <>
      <PreferencesHeading dirty={false} saving={false} onReset={() => {}} />
      <LoadFailed
        variant="banner"
        title={t("notifications.prefs.loadFailed")}
        message=""
        query={{
          isFetching: false,
          refetch: () => {
            setFailed(false);
            setAttempt((n) => n + 1);
          },
        }}
        retryLabel={t("notifications.prefs.retry")}
      />
    </>
  );
}
