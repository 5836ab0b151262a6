import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { site } from "#domain/site";
import { useI18n } from "#web/i18n/i18n-provider";
import { cn } from "#web/lib/utils";
import { Sheet, SheetContent, SheetTrigger } from "../ui/sheet";
import { LanguageSwitch } from "./language-switch";
import { mainNav } from "./nav-links";

/**
 * The mobile menu's button and panel, loaded on first use (mobile-menu.tsx keeps the state and
 * the button's look): the main links, then the notifications and account parts, then contacts.
 */
export function MobileMenuPanel({
  open,
  onOpenChange,
  buttonClassName,
  button,
  account,
  notifications,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  buttonClassName: string;
  button: ReactNode;
  account: ReactNode;
  notifications?: ReactNode;
}) {
  const { t, path } = useI18n();
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger className={buttonClassName} aria-label={t("common.menu.open")}>
        {button}
      </SheetTrigger>
      <SheetContent title={t("common.menu.title")} className="w-[85%] max-w-[350px]">
        <nav aria-label={t("common.nav.mobile")} className="flex flex-col gap-1 p-4">
          {mainNav.map((item) => (
            <NavLink
              key={item.to}
              to={path(item.to)}
              end={item.to === "/"}
              onClick={close}
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-3 text-base font-medium hover:bg-muted",
                  isActive && "bg-secondary text-secondary-foreground",
                )
              }
            >
              {t(item.message)}
            </NavLink>
          ))}
          {/* Following a link or pressing a button in the account part closes the menu too. */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: it only listens for clicks on its links and buttons */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: keyboard activation of those links and buttons clicks them */}
          <div
            className="mt-4 grid gap-2"
            onClick={(event) => {
              if ((event.target as HTMLElement).closest("a, button")) close();
            }}
          >
            {notifications}
            {account}
            <LanguageSwitch className="justify-start px-3 py-3 text-base" />
          </div>
        </nav>
        <div className="mt-auto border-t border-border p-4 text-sm text-muted-foreground">
          <p>{site.phone}</p>
          <p>{site.email}</p>
        </div>
      </SheetContent>
    </Sheet>
  );
}
