import { Menu } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { MOBILE_BREAKPOINT_PX } from "#domain/constants";
import { useI18n } from "#web/i18n/i18n-provider";
import { dialogStandInProps, lazyModule, useLazyModule } from "#web/lib/lazy-module";
import { useMediaQuery } from "#web/lib/use-media-query";

const buttonClass =
  "inline-flex size-11 items-center justify-center rounded-md hover:bg-black/5 md:hidden";

/** The panel (Radix Dialog) is fetched on the first approach to the button. */
const panelModule = lazyModule(() => import("./mobile-menu-panel"));

/**
 * The navigation below 768 px: a panel 85% wide (at most 350 px) sliding in from the right. It
 * closes on a link, on the overlay, on Escape, and when the window grows to the desktop layout.
 * Until first pressed the button is a plain one that looks and reads the same.
 */
export function MobileMenu({
  account,
  notifications,
}: {
  account: ReactNode;
  notifications?: ReactNode;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const desktop = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
  useEffect(() => {
    if (desktop) setOpen(false);
  }, [desktop]);
  const { loaded, preload, activate } = useLazyModule(panelModule);
  const face = <Menu aria-hidden="true" className="size-6" />;

  if (loaded) {
    const { MobileMenuPanel } = loaded;
    return (
      <MobileMenuPanel
        open={open}
        onOpenChange={setOpen}
        buttonClassName={buttonClass}
        button={face}
        account={account}
        notifications={notifications}
      />
    );
  }
  return (
    <button
      {...dialogStandInProps({
        preload,
        activate: (keyboard) => {
          setOpen(true);
          activate(keyboard);
        },
      })}
      className={buttonClass}
      aria-label={t("common.menu.open")}
    >
      {face}
    </button>
  );
}
