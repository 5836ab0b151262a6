import { site } from "#domain/site";
import { AccessibilityContact } from "../features/accessibility/components/accessibility-contact";
import { AccessibilitySettings } from "../features/accessibility/components/accessibility-settings";
import { CommitmentSection } from "../features/accessibility/components/commitment-section";
import { FeatureCards } from "../features/accessibility/components/feature-cards";
import { ShortcutsReference } from "../features/accessibility/components/shortcuts-reference";
import { pageMessages } from "../i18n/catalogue.server";
import { useI18n } from "../i18n/i18n-provider";
import { metaI18n } from "../i18n/meta";
import { rootData, seo } from "../lib/seo";
import type { Route } from "./+types/accessibility";

/** The statement's words, and those of the settings and the shortcuts reference (`a11y`). */
export async function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["a11y", "accessibility"]);
}

export const meta: Route.MetaFunction = (args) => {
  const { t, locale } = metaI18n(args);
  return seo({
    title: t("accessibility.meta.title"),
    description: t("accessibility.meta.description", { name: site.name }),
    path: "/accessibility",
    locale,
    publicUrl: rootData(args.matches).publicUrl,
  });
};

/** /accessibility (and /es/accessibility): commitment, features, settings, contact, keys. */
export default function Accessibility() {
  const { t } = useI18n();
  return (
    <>
      <section className="bg-gradient-to-br from-primary to-[#0f2e1e] text-primary-foreground">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            {t("accessibility.hero.title")}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-primary-foreground/90">
            {t("accessibility.hero.text")}
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-16 px-4 py-14 sm:px-6 lg:px-8">
        <CommitmentSection />
        <FeatureCards />
        <AccessibilitySettings />
        <ShortcutsReference />
        <AccessibilityContact />
      </div>
    </>
  );
}
