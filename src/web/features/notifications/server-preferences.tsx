import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { notificationsApi as api } from "#domain/api/notifications";
import type { NotificationPreferences } from "#domain/notification-preferences";
import { LoadFailed } from "#web/components/load-failed";
import { useI18n } from "#web/i18n/i18n-provider";
import { contractQuery, QueryProvider, useContractMutation } from "#web/lib/query";
import {
  PreferencesForm,
  PreferencesHeading,
  PreferencesLoading,
  type SavePreferences,
} from "./components/preferences-form";

/**
 * A signed-in person's notification preferences, stored on the server (which follows them when
 * it e-mails maintenance news). Imported by the settings page for a signed-in person only; the
 * page mounts no query client of its own.
 */
export function ServerPreferences() {
  return (
    <QueryProvider>
      <ServerPreferencesForm />
    </QueryProvider>
  );
}

function ServerPreferencesForm() {
  const { t } = useI18n();
  const saved = useQuery(contractQuery(api.preferences, {}));
  const { mutateAsync } = useContractMutation(
    api.savePreferences,
    (body: NotificationPreferences) => ({
      body,
    }),
  );
  const save = useCallback<SavePreferences>(
    async (values) => {
      await mutateAsync(values);
    },
    [mutateAsync],
  );

  if (saved.data) return <PreferencesForm saved={saved.data.preferences} save={save} />;
  if (!saved.isError) return <PreferencesLoading />;
  return (
    <>
      <PreferencesHeading dirty={false} saving={false} onReset={() => {}} />
      <LoadFailed
        variant="banner"
        title={t("notifications.prefs.loadFailed")}
        message=""
        query={saved}
        retryLabel={t("notifications.prefs.retry")}
      />
    </>
  );
}
