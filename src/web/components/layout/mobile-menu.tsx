import { Menu } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { NavLink } from "react-router";
import { MOBILE_BREAKPOINT_PX } from "../../../domain/constants";
import { mainNav, site } from "../../../domain/site";
import { useMediaQuery } from "../../lib/use-media-query";
import { cn } from "../../lib/utils";
import { Sheet, SheetContent, SheetTrigger } from "../ui/sheet";

/**
 * The navigation below 768 px: a panel 85% wide (at most 350 px) sliding in from the right. It
 * closes on a link, on the overlay, on Escape, and when the window grows to the desktop layout.
 */
export function MobileMenu({
  account,
  notifications,
}: {
  account: ReactNode;
  notifications?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const desktop = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
  useEffect(() => {
    if (desktop) setOpen(false);
  }, [desktop]);
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger
        className="inline-flex size-11 items-center justify-center rounded-md hover:bg-black/5 md:hidden"
        aria-label="Open menu"
      >
        <Menu aria-hidden="true" className="size-6" />
      </SheetTrigger>
      <SheetContent title="Menu" className="w-[85%] max-w-[350px]">
        <nav aria-label="Mobile" className="flex flex-col gap-1 p-4">
          {mainNav.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === "/"}
              onClick={close}
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-3 text-base font-medium hover:bg-muted",
                  isActive && "bg-secondary text-secondary-foreground",
                )
              }
            >
              {item.label}
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
