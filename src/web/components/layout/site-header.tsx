import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { useI18n } from "#web/i18n/i18n-provider";
import { cn } from "#web/lib/utils";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { mainNav } from "./nav-links";

/**
 * `account`: the desktop corner (Login, or the user menu); `mobileAccount`: the same in the mobile
 * menu. They come from the auth feature through the layout route: this shell imports no feature.
 * `notifications` / `mobileNotifications`: the notification bell and its mobile-menu entry, the
 * same way.
 */
export function SiteHeader({
  account,
  mobileAccount,
  notifications,
  mobileNotifications,
}: {
  account: ReactNode;
  mobileAccount: ReactNode;
  notifications?: ReactNode;
  mobileNotifications?: ReactNode;
}) {
  const { t, path } = useI18n();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label={t("common.nav.main")} className="hidden items-center gap-1 md:flex">
          {mainNav.map((item) => (
            <NavLink
              key={item.to}
              to={path(item.to)}
              end={item.to === "/"}
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground",
                  isActive && "text-primary",
                )
              }
            >
              {t(item.message)}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitch className="hidden md:inline-flex" />
          {notifications}
          {account}
          <MobileMenu account={mobileAccount} notifications={mobileNotifications} />
        </div>
      </div>
    </header>
  );
}
