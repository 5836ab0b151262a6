import type { ComponentProps } from "react";
import { type ImageTexts, ResponsiveImage } from "#web/components/ui/responsive-image";
import { useI18n } from "#web/i18n/i18n-provider";

/** A listing photo whose failed state speaks the page's language. */
export function ListingImage(props: Omit<ComponentProps<typeof ResponsiveImage>, "texts">) {
  const { t } = useI18n();
  const texts: ImageTexts = {
    label: (alt) => t("listings.image.unavailableLabel", { alt }),
    unavailable: t("listings.image.unavailable"),
    refresh: t("listings.image.refresh"),
  };
  return <ResponsiveImage {...props} texts={texts} />;
}
