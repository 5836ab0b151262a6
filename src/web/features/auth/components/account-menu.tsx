import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, LayoutDashboard, LogIn, LogOut, UserCircle } from "lucide-react";
import { Link } from "react-router";
import type { SessionUser } from "../../../../domain/auth";
import { buttonVariants } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";
import { useAuth } from "../auth-provider";
import { useLogout } from "../use-logout";

/** The header shows the display name, else the e-mail, else the word User (PRODUCT-SPEC.md section 1). */
export function displayNameOf(user: Pick<SessionUser, "displayName" | "email">): string {
  return user.displayName?.trim() || user.email || "User";
}

export const roleLabel = (role: SessionUser["role"]) =>
  role === "admin" ? "Administrator" : "Tenant";

/** The header's account corner: a Login button, or the signed-in user's menu. */
export function AccountMenu() {
  const { user } = useAuth();
  const { logout } = useLogout();
  if (!user) {
    return (
      <Link to="/login" className={cn(buttonVariants({ size: "sm" }), "hidden md:inline-flex")}>
        <LogIn aria-hidden="true" />
        Login
      </Link>
    );
  }
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="hidden items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-muted md:inline-flex">
        <UserCircle aria-hidden="true" className="size-7 text-primary" />
        <span className="grid leading-tight">
          <span className="max-w-40 truncate text-sm font-semibold">{displayNameOf(user)}</span>
          <span className="text-xs text-muted-foreground">{roleLabel(user.role)}</span>
        </span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-md border border-border bg-background p-1 shadow-lg"
        >
          {user.role === "admin" ? (
            <DropdownMenu.Item
              asChild
              className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted"
            >
              <Link to="/admin-dashboard">
                <LayoutDashboard aria-hidden="true" className="size-4" /> Admin Dashboard
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item
            onSelect={() => void logout()}
            className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted"
          >
            <LogOut aria-hidden="true" className="size-4" /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
