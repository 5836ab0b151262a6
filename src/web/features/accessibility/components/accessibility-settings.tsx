import { RotateCcw, Save } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import {
  type AccessibilityPreferences,
  colorSchemes,
  defaultAccessibilityPreferences,
  focusIndicatorStyles,
} from "#domain/accessibility";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Switch } from "#web/components/ui/switch";
import { useI18n } from "#web/i18n/i18n-provider";
import { applyPreferences } from "../apply-preferences";
import {
  readSavedPreferences,
  savePreferences,
  useSavedAccessibilityPreferences,
} from "../preferences-store";
import { FontSizeSlider } from "./font-size-slider";
import { OptionGroup } from "./option-group";

type BooleanSetting = {
  [K in keyof AccessibilityPreferences]: AccessibilityPreferences[K] extends boolean ? K : never;
}[keyof AccessibilityPreferences];

/** The switches of each group; each one's words are the catalogue's `a11y.switch.<key>.*`. */
const displaySwitches: readonly BooleanSetting[] = ["highContrast", "reducedMotion"];

const behaviourSwitches: readonly BooleanSetting[] = [
  "screenReaderOptimized",
  "keyboardNavigation",
  "soundEffects",
];

/**
 * The settings panel. Decision: the display settings (size, colours, motion, focus) preview live
 * on the whole site as they change, because seeing them is how a visitor chooses; only Save
 * stores them. Leaving the page without saving puts the saved ones back (and a reload never
 * shows unsaved ones: the first-paint script reads storage). The behaviours (shortcuts,
 * announcements, sounds) follow the saved preferences only. Any change marks the panel unsaved and
 * enables Save Preferences; Reset puts the defaults in the panel, unsaved.
 */
export function AccessibilitySettings() {
  const { t } = useI18n();
  const saved = useSavedAccessibilityPreferences();
  const [draft, setDraft] = useState<AccessibilityPreferences>(saved);
  const [unsaved, setUnsaved] = useState(false);

  // With nothing unsaved the panel shows the saved preferences: after hydration (the server
  // rendered the defaults) and after a save in another tab.
  useEffect(() => {
    if (!unsaved) setDraft(saved);
  }, [saved, unsaved]);

  useEffect(() => {
    if (unsaved) applyPreferences(draft);
  }, [draft, unsaved]);

  useEffect(() => () => applyPreferences(readSavedPreferences()), []);

  const change = (patch: Partial<AccessibilityPreferences>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setUnsaved(true);
  };

  const reset = () => {
    setDraft({ ...defaultAccessibilityPreferences });
    setUnsaved(true);
    toast.info(t("a11y.toast.reset"));
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    try {
      savePreferences(draft);
    } catch {
      toast.error(t("a11y.toast.saveFailed"));
      return;
    }
    applyPreferences(draft);
    setUnsaved(false);
    toast.success(t("a11y.toast.saved"));
  };

  return (
    <Card className="p-6 sm:p-8">
      <form onSubmit={save} aria-labelledby="settings-heading" className="grid gap-8">
        <div>
          <h2 id="settings-heading" className="text-2xl font-bold">
            {t("a11y.settings.heading")}
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">{t("a11y.settings.intro")}</p>
        </div>

        <FontSizeSlider value={draft.fontSize} onChange={(fontSize) => change({ fontSize })} />

        <SwitchGroup
          legend={t("a11y.display.legend")}
          switches={displaySwitches}
          draft={draft}
          onChange={change}
        />

        <OptionGroup
          legend={t("a11y.colorScheme.legend")}
          name="colorScheme"
          options={colorSchemes.map((scheme) => ({
            value: scheme,
            label: t(`a11y.colorScheme.${scheme}.label`),
            description: t(`a11y.colorScheme.${scheme}.description`),
          }))}
          value={draft.colorScheme}
          onChange={(colorScheme) => change({ colorScheme })}
        />

        <OptionGroup
          legend={t("a11y.focus.legend")}
          name="focusIndicators"
          options={focusIndicatorStyles.map((style) => ({
            value: style,
            label: t(`a11y.focus.${style}.label`),
            description: t(`a11y.focus.${style}.description`),
          }))}
          value={draft.focusIndicators}
          onChange={(focusIndicators) => change({ focusIndicators })}
        />

        <SwitchGroup
          legend={t("a11y.behaviour.legend")}
          switches={behaviourSwitches}
          draft={draft}
          onChange={change}
        />

        <div className="flex flex-col gap-4 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p role="status" className="text-sm font-medium text-muted-foreground">
            {unsaved ? t("a11y.settings.unsaved") : t("a11y.settings.saved")}
          </p>
          {/* The labels may wrap: in Spanish, or in the largest text size, "Restablecer valores
              predeterminados" on one line is wider than a phone. */}
          <div className="flex flex-wrap gap-3">
            <Button
              type="button"
              variant="outline"
              className="h-auto min-h-11 whitespace-normal"
              onClick={reset}
            >
              <RotateCcw aria-hidden="true" />
              {t("a11y.settings.reset")}
            </Button>
            <Button type="submit" className="h-auto min-h-11 whitespace-normal" disabled={!unsaved}>
              <Save aria-hidden="true" />
              {t("a11y.settings.save")}
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}

function SwitchGroup({
  legend,
  switches,
  draft,
  onChange,
}: {
  legend: string;
  switches: readonly BooleanSetting[];
  draft: AccessibilityPreferences;
  onChange: (patch: Partial<AccessibilityPreferences>) => void;
}) {
  const { t } = useI18n();
  return (
    <fieldset>
      <legend className="mb-2 text-base font-semibold">{legend}</legend>
      <div className="divide-y divide-border">
        {switches.map((key) => (
          <Switch
            key={key}
            label={t(`a11y.switch.${key}.label`)}
            description={t(`a11y.switch.${key}.description`)}
            checked={draft[key]}
            onCheckedChange={(checked) => onChange({ [key]: checked })}
            className="py-3"
          />
        ))}
      </div>
    </fieldset>
  );
}
