import { LayoutDashboard, LogIn, LogOut, UserCircle } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";
import { cn } from "#web/lib/utils";
import { useAuth } from "../auth-provider";
import { useLogout } from "../use-logout";
import { displayNameOf, roleLabel } from "./account-menu";

/** The account part of the mobile menu: Login, or who is signed in with their links. */
export function MobileAccount() {
  const { user } = useAuth();
  const { t } = useI18n();
  const { logout } = useLogout();
  if (!user) {
    return (
      <Link to="/login" className={cn(buttonVariants({ size: "lg" }), "w-full")}>
        <LogIn aria-hidden="true" />
        {t("common.account.login")}
      </Link>
    );
  }
  return (
    <>
      <p className="flex items-center gap-2 px-3 py-2">
        <UserCircle aria-hidden="true" className="size-7 text-primary" />
        <span className="grid leading-tight">
          <span className="font-semibold">{displayNameOf(user)}</span>
          <span className="text-sm text-muted-foreground">{roleLabel(user.role)}</span>
        </span>
      </p>
      {user.role === "admin" ? (
        <Link
          to="/admin-dashboard"
          className={cn(buttonVariants({ variant: "secondary", size: "lg" }), "w-full")}
        >
          <LayoutDashboard aria-hidden="true" /> Admin Dashboard
        </Link>
      ) : null}
      <Button variant="outline" size="lg" className="w-full" onClick={() => void logout()}>
        <LogOut aria-hidden="true" /> Logout
      </Button>
    </>
  );
}
