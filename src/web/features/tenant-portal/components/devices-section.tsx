import { SessionsSection, type SessionsWords } from "#web/components/sessions/sessions-section";
import { useI18n } from "#web/i18n/i18n-provider";
import { useFailureDetail } from "../use-failure-detail";

/**
 * The portal's Devices tab: where the tenant is signed in, in their language, with Sign out for
 * each other browser and "Sign out everywhere else". A tenant signs in with links e-mailed to
 * them, so a browser they do not recognise means someone read that e-mail: they can end its
 * session here without waiting for the office.
 */
export function DevicesSection() {
  const { t, locale, intl } = useI18n();
  const detail = useFailureDetail();
  const words: SessionsWords = {
    heading: t("portal.devices.heading"),
    intro: t("portal.devices.intro"),
    endOthers: t("portal.devices.endOthers"),
    endingOthers: t("portal.devices.endingOthers"),
    failed: t("portal.devices.failed"),
    tryAgain: t("portal.tryAgain"),
    loading: t("portal.devices.loading"),
    list: t("portal.devices.list"),
    thisBrowser: t("portal.devices.thisBrowser"),
    unknownAddress: t("portal.devices.unknownAddress"),
    signedIn: t("portal.devices.signedIn"),
    lastActive: t("portal.devices.lastActive"),
    signOut: t("portal.devices.signOut"),
    signOutLabel: (session) => t("portal.devices.signOutNamed", { session }),
    ended: t("portal.devices.ended"),
    endFailed: (reason) => t("portal.devices.endFailed", { detail: reason }),
    othersEnded: (count) => t("portal.devices.othersEnded", { count }),
    othersFailed: (reason) => t("portal.devices.othersFailed", { detail: reason }),
    detail,
    lang: locale,
    intl,
  };
  return <SessionsSection words={words} />;
}
