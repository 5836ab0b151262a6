import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { mainNav } from "#domain/site";
import { cn } from "#web/lib/utils";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";

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
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {mainNav.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === "/"}
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground",
                  isActive && "text-primary",
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {notifications}
          {account}
          <MobileMenu account={mobileAccount} notifications={mobileNotifications} />
        </div>
      </div>
    </header>
  );
}
