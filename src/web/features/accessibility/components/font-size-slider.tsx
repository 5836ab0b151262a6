import { useId } from "react";
import { FONT_SIZE, fontSizeLabel } from "#domain/accessibility";

/** The font size, 12 to 24 px by 1, with its name (Small ... Largest) shown and announced. */
export function FontSizeSlider({
  value,
  onChange,
}: {
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const label = fontSizeLabel(value);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-base font-semibold">
          Font Size
        </label>
        {/* Plain text, not an <output>: the slider's value text already announces each change. */}
        <span className="text-sm font-medium text-muted-foreground">{`${value}px (${label})`}</span>
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
          aria-valuetext={`${value} pixels, ${label}`}
          aria-describedby={`${id}-hint`}
          className="h-11 w-full cursor-pointer accent-[var(--color-primary)]"
        />
        <span aria-hidden="true" className="text-2xl font-semibold">
          A
        </span>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {`Scales the text of every page, from ${FONT_SIZE.min} to ${FONT_SIZE.max} pixels (default ${FONT_SIZE.default}).`}
      </p>
    </div>
  );
}
