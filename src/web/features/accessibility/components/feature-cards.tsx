import { Contrast, Focus, Keyboard, type LucideIcon, Pause, Type, Volume2 } from "lucide-react";
import { FONT_SIZE } from "#domain/accessibility";
import { useI18n } from "#web/i18n/i18n-provider";

/** The features, each with the catalogue's `accessibility.features.<id>.title` and `.text`. */
const features: readonly { id: string; icon: LucideIcon }[] = [
  { id: "textSize", icon: Type },
  { id: "contrast", icon: Contrast },
  { id: "keyboard", icon: Keyboard },
  { id: "focus", icon: Focus },
  { id: "screenReader", icon: Volume2 },
  { id: "motion", icon: Pause },
];

const sizes = { min: String(FONT_SIZE.min), max: String(FONT_SIZE.max) };

export function FeatureCards() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="features-heading">
      <h2 id="features-heading" className="text-3xl font-bold tracking-tight">
        {t("accessibility.features.heading")}
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ id, icon: Icon }) => (
          <li key={id} className="rounded-lg border border-border bg-background p-6">
            <Icon aria-hidden="true" className="size-8 text-primary" />
            <h3 className="mt-4 text-lg font-semibold">
              {t(`accessibility.features.${id}.title`)}
            </h3>
            <p className="mt-2 text-sm text-muted-foreground">
              {t(`accessibility.features.${id}.text`, sizes)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
