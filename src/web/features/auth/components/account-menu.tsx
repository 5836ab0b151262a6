import { ChevronDown, LogIn, UserCircle } from "lucide-react";
import { Link } from "react-router";
import type { SessionUser } from "#domain/auth";
import { buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";
import { lazyModule, menuStandInProps, useLazyModule } from "#web/lib/lazy-module";
import { cn } from "#web/lib/utils";
import { useAuth } from "../auth-provider";

/** The header shows the display name, else the e-mail, else the word User. */
export function displayNameOf(user: Pick<SessionUser, "displayName" | "email">): string {
  return user.displayName?.trim() || user.email || "User";
}

export const roleLabel = (role: SessionUser["role"]) =>
  role === "admin" ? "Administrator" : "Tenant";

const triggerClass =
  "hidden items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-muted md:inline-flex";

/** The user menu (Radix) is fetched on the first approach: most visitors are signed out. */
const dropdownModule = lazyModule(() => import("./account-menu-dropdown"));

/** The header's account corner: a Login button, or the signed-in user's menu. */
export function AccountMenu() {
  const { user } = useAuth();
  const { t } = useI18n();
  if (!user) {
    return (
      <Link to="/login" className={cn(buttonVariants({ size: "sm" }), "hidden md:inline-flex")}>
        <LogIn aria-hidden="true" />
        {t("common.account.login")}
      </Link>
    );
  }
  return <UserMenu user={user} />;
}

/**
 * Who is signed in, opening their menu. Until first pressed it is a plain button that looks,
 * reads and opens the same way.
 */
function UserMenu({ user }: { user: SessionUser }) {
  const { loaded, activation, preload, activate } = useLazyModule(dropdownModule);
  const face = (
    <>
      <UserCircle aria-hidden="true" className="size-7 text-primary" />
      <span className="grid leading-tight">
        <span className="max-w-40 truncate text-sm font-semibold">{displayNameOf(user)}</span>
        <span className="text-xs text-muted-foreground">{roleLabel(user.role)}</span>
      </span>
      <ChevronDown aria-hidden="true" className="size-4" />
    </>
  );
  if (loaded) {
    const { AccountMenuDropdown } = loaded;
    return (
      <AccountMenuDropdown
        isAdmin={user.role === "admin"}
        className={triggerClass}
        activation={activation}
      >
        {face}
      </AccountMenuDropdown>
    );
  }
  return (
    <button {...menuStandInProps({ preload, activate })} className={triggerClass}>
      {face}
    </button>
  );
}
