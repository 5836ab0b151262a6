import { Contrast, Focus, Keyboard, type LucideIcon, Pause, Type, Volume2 } from "lucide-react";
import { FONT_SIZE } from "#domain/accessibility";

const features: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Type,
    title: "Adjustable Text Size",
    text: `Scale every page from ${FONT_SIZE.min} to ${FONT_SIZE.max} pixels; the layout reflows instead of cutting text off.`,
  },
  {
    icon: Contrast,
    title: "High Contrast and Color Schemes",
    text: "Light, dark, or a high-contrast scheme that meets WCAG AAA, or simply follow your device.",
  },
  {
    icon: Keyboard,
    title: "Keyboard Navigation",
    text: "Every link, button and form works from the keyboard, with shortcuts to the main pages.",
  },
  {
    icon: Focus,
    title: "Visible Focus",
    text: "Three focus styles, up to a thick black and yellow outline that shows on any background.",
  },
  {
    icon: Volume2,
    title: "Screen Reader Support",
    text: "Landmarks, labelled controls and announced errors; page changes announced on request.",
  },
  {
    icon: Pause,
    title: "Reduced Motion",
    text: "Turn off page transitions and gallery animations. We also follow your device's setting.",
  },
];

export function FeatureCards() {
  return (
    <section aria-labelledby="features-heading">
      <h2 id="features-heading" className="text-3xl font-bold tracking-tight">
        Accessibility Features
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-lg border border-border bg-background p-6">
            <Icon aria-hidden="true" className="size-8 text-primary" />
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
