import { useI18n } from "#web/i18n/i18n-provider";
import { translateMessage } from "#web/i18n/translate-message";
import { failureDetail } from "#web/lib/api-client";

/** Why a call failed, in the page's language (the server's words, or the client's own). */
export function useFailureDetail(): (error: unknown) => string {
  const { t } = useI18n();
  return (error) => translateMessage(t, failureDetail(error));
}
