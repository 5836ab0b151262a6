import { Outlet } from "react-router";
import { LanguageSuggestion } from "../components/layout/language-suggestion";
import { NavigationProgress } from "../components/layout/navigation-progress";
import { PageTransition } from "../components/layout/page-transition";
import { SiteFooter } from "../components/layout/site-footer";
import { SiteHeader } from "../components/layout/site-header";
import { AccountMenu } from "../features/auth/components/account-menu";
import { MobileAccount } from "../features/auth/components/mobile-account";
import { MobileNotificationsLink } from "../features/notifications/components/mobile-notifications-link";
import { NotificationBell } from "../features/notifications/components/notification-bell";
import { useI18n } from "../i18n/i18n-provider";

/** The shared layout of the public pages: header, the page with its transition, footer. */
export default function SiteLayout() {
  const { t } = useI18n();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2"
      >
        {t("common.skipToContent")}
      </a>
      <NavigationProgress />
      <LanguageSuggestion />
      <SiteHeader
        account={<AccountMenu />}
        mobileAccount={<MobileAccount />}
        notifications={<NotificationBell />}
        mobileNotifications={<MobileNotificationsLink />}
      />
      <main id="main" className="flex-1">
        <PageTransition>
          <Outlet />
        </PageTransition>
      </main>
      <SiteFooter />
    </div>
  );
}
