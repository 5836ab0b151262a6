import { type CSSProperties, lazy, Suspense, useEffect, useState } from "react";
import { useI18n } from "#web/i18n/i18n-provider";

const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** Sonner's rich colours miss WCAG AA on their light backgrounds; these darker texts pass. */
const toastColours = {
  "--success-text": "#14532d",
  "--error-text": "#7f1d1d",
  "--warning-text": "#713f12",
  "--info-text": "#1e3a8a",
} as CSSProperties;

/** Pointer presses and keys: every toast on the site follows one of these. */
const interactions = ["pointerdown", "keydown", "click"] as const;
/** Failing any interaction, it is fetched anyway once the page has long settled. */
export const TOASTER_IDLE_FALLBACK_MS = 5000;

/**
 * Sonner's toaster, kept out of the first view: it mounts on the visitor's first press or key.
 * A toast made before it mounts is not lost: sonner replays the toasts still active to a toaster
 * that subscribes late (ToastState.subscribe). On a page that can toast, sonner is already
 * loaded with the feature that calls it, so mounting then costs no download.
 */
export function DeferredToaster() {
  const { t } = useI18n();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    for (const type of interactions)
      window.addEventListener(type, want, { capture: true, passive: true, once: true });
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === "function")
        idle = window.requestIdleCallback(want, { timeout: 2000 });
      else want();
    }, TOASTER_IDLE_FALLBACK_MS);
    return () => {
      for (const type of interactions) window.removeEventListener(type, want, { capture: true });
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        richColors
        closeButton
        style={toastColours}
        containerAriaLabel={t("common.toast.region")}
        toastOptions={{ closeButtonAriaLabel: t("common.toast.close") }}
      />
    </Suspense>
  );
}
