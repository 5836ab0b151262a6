import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { LayoutDashboard, LogOut, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type Activation, useKeyboardOpenFocus } from "#web/lib/lazy-module";
import { useLogout } from "../use-logout";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted";

/**
 * The signed-in user's menu, loaded on first use (account-menu.tsx): the trigger (`children`,
 * `className` from there), Admin Dashboard and Account security for an administrator, and Logout. It mounts open
 * when the stand-in was pressed (`activation`).
 */
export function AccountMenuDropdown({
  isAdmin,
  className,
  activation,
  children,
}: {
  isAdmin: boolean;
  className: string;
  activation: Activation;
  children: ReactNode;
}) {
  const { logout } = useLogout();
  const onFocus = useKeyboardOpenFocus(activation);
  return (
    <DropdownMenu.Root
      defaultOpen={activation.open}
      // A menu, not a dialog: the page around it stays as it is (a click outside closes it and
      // does what it does), and opening it restyles nothing else.
      modal={false}
    >
      <DropdownMenu.Trigger className={className}>{children}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          onFocus={onFocus}
          className="z-50 min-w-52 rounded-md border border-border bg-background p-1 shadow-lg"
        >
          {isAdmin ? (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/admin-dashboard">
                <LayoutDashboard aria-hidden="true" className="size-4" /> Admin Dashboard
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {isAdmin ? (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/account/security">
                <ShieldCheck aria-hidden="true" className="size-4" /> Account security
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item onSelect={() => void logout()} className={itemClass}>
            <LogOut aria-hidden="true" className="size-4" /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
