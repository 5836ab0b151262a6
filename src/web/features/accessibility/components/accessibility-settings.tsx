import { RotateCcw, Save } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import {
  type AccessibilityPreferences,
  accessibilityMessages,
  colorSchemeOptions,
  defaultAccessibilityPreferences,
  focusIndicatorOptions,
} from "#domain/accessibility";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Switch } from "#web/components/ui/switch";
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

const displaySwitches: { key: BooleanSetting; label: string; description: string }[] = [
  {
    key: "highContrast",
    label: "High Contrast",
    description: "Stronger text, link and border contrast (WCAG AAA) in the light or dark scheme.",
  },
  {
    key: "reducedMotion",
    label: "Reduced Motion",
    description:
      "Turns off animations and transitions, including page changes and photo galleries.",
  },
];

const behaviourSwitches: { key: BooleanSetting; label: string; description: string }[] = [
  {
    key: "screenReaderOptimized",
    label: "Screen Reader Optimized",
    description: "Announces each new page by its title and moves focus to its main content.",
  },
  {
    key: "keyboardNavigation",
    label: "Keyboard Navigation",
    description: "Turns on the keyboard shortcuts listed on this page.",
  },
  {
    key: "soundEffects",
    label: "Sound Effects",
    description: "Plays a short tone when a message appears.",
  },
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
    toast.info(accessibilityMessages.reset);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    try {
      savePreferences(draft);
    } catch {
      toast.error(accessibilityMessages.saveFailed);
      return;
    }
    applyPreferences(draft);
    setUnsaved(false);
    toast.success(accessibilityMessages.saved);
  };

  return (
    <Card className="p-6 sm:p-8">
      <form onSubmit={save} aria-labelledby="settings-heading" className="grid gap-8">
        <div>
          <h2 id="settings-heading" className="text-2xl font-bold">
            Accessibility Settings
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">
            Display settings preview on the whole site as you change them; keyboard shortcuts,
            announcements and sounds start once you save. Your choices are kept in this browser
            only.
          </p>
        </div>

        <FontSizeSlider value={draft.fontSize} onChange={(fontSize) => change({ fontSize })} />

        <SwitchGroup legend="Display" switches={displaySwitches} draft={draft} onChange={change} />

        <OptionGroup
          legend="Color Scheme"
          name="colorScheme"
          options={colorSchemeOptions}
          value={draft.colorScheme}
          onChange={(colorScheme) => change({ colorScheme })}
        />

        <OptionGroup
          legend="Focus Indicators"
          name="focusIndicators"
          options={focusIndicatorOptions}
          value={draft.focusIndicators}
          onChange={(focusIndicators) => change({ focusIndicators })}
        />

        <SwitchGroup
          legend="Navigation and Assistive Technology"
          switches={behaviourSwitches}
          draft={draft}
          onChange={change}
        />

        <div className="flex flex-col gap-4 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p role="status" className="text-sm font-medium text-muted-foreground">
            {unsaved ? "You have unsaved changes." : "Your preferences are saved in this browser."}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button type="button" variant="outline" className="h-11" onClick={reset}>
              <RotateCcw aria-hidden="true" />
              Reset to Defaults
            </Button>
            <Button type="submit" className="h-11" disabled={!unsaved}>
              <Save aria-hidden="true" />
              Save Preferences
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
  switches: typeof displaySwitches;
  draft: AccessibilityPreferences;
  onChange: (patch: Partial<AccessibilityPreferences>) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-base font-semibold">{legend}</legend>
      <div className="divide-y divide-border">
        {switches.map(({ key, label, description }) => (
          <Switch
            key={key}
            label={label}
            description={description}
            checked={draft[key]}
            onCheckedChange={(checked) => onChange({ [key]: checked })}
            className="py-3"
          />
        ))}
      </div>
    </fieldset>
  );
}
