import { site } from "#domain/site";
import { AccessibilityContact } from "../features/accessibility/components/accessibility-contact";
import { AccessibilitySettings } from "../features/accessibility/components/accessibility-settings";
import { CommitmentSection } from "../features/accessibility/components/commitment-section";
import { FeatureCards } from "../features/accessibility/components/feature-cards";
import { ShortcutsReference } from "../features/accessibility/components/shortcuts-reference";
import { rootData, seo } from "../lib/seo";
import type { Route } from "./+types/accessibility";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Accessibility",
    description: `${site.name}'s commitment to accessibility, and settings for text size, contrast, color scheme, motion, focus and keyboard shortcuts on this site.`,
    path: "/accessibility",
    publicUrl: rootData(matches).publicUrl,
  });

/** /accessibility: commitment, features, settings, contact, keys. */
export default function Accessibility() {
  return (
    <>
      <section className="bg-gradient-to-br from-primary to-[#0f2e1e] text-primary-foreground">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Accessibility</h1>
          <p className="mt-4 max-w-2xl text-lg text-primary-foreground/90">
            Make this site work the way you need it to: text size, colors, motion, focus and the
            keyboard.
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
