import { useId } from "react";
import { FONT_SIZE, fontSizeStep } from "#domain/accessibility";
import { useI18n } from "#web/i18n/i18n-provider";

/** The font size, 12 to 24 px by 1, with its name (Small ... Largest) shown and announced. */
export function FontSizeSlider({
  value,
  onChange,
}: {
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const { t } = useI18n();
  const size = String(value);
  const name = t(`a11y.fontSize.step.${fontSizeStep(value)}`);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-base font-semibold">
          {t("a11y.fontSize.label")}
        </label>
        {/* Plain text, not an <output>: the slider's value text already announces each change. */}
        <span className="text-sm font-medium text-muted-foreground">
          {t("a11y.fontSize.value", { size, name })}
        </span>
      </div>
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="text-sm font-semibold">
          A
        </span>
        <input
          id={id}
          type="range"
          min={FONT_SIZE.min}
          max={FONT_SIZE.max}
          step={FONT_SIZE.step}
          value={value}
          onChange={(event) => onChange(Number(event.target.value))}
          aria-valuetext={t("a11y.fontSize.valueText", { size, name })}
          aria-describedby={`${id}-hint`}
          className="h-11 w-full cursor-pointer accent-[var(--color-primary)]"
        />
        <span aria-hidden="true" className="text-2xl font-semibold">
          A
        </span>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t("a11y.fontSize.hint", {
          min: String(FONT_SIZE.min),
          max: String(FONT_SIZE.max),
          base: String(FONT_SIZE.default),
        })}
      </p>
    </div>
  );
}
