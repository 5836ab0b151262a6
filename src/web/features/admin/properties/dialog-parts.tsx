import { CircleAlert } from "lucide-react";
import { type ComponentProps, useId, useRef } from "react";
import { languageNames, locales } from "#domain/locale";
import { Button } from "#web/components/ui/button";
import { DialogClose } from "#web/components/ui/dialog";
import { SelectField, TextAreaField } from "#web/components/ui/form-field";
import { cn } from "#web/lib/utils";

/**
 * The language a renter's e-mails (and the pages they open) are written in: the site's
 * languages, each named in itself ("English", "Español").
 */
export function LanguageField(props: ComponentProps<typeof SelectField>) {
  return (
    <SelectField {...props}>
      {locales.map((l) => (
        <option key={l} value={l} lang={l}>
          {languageNames[l]}
        </option>
      ))}
    </SelectField>
  );
}

/** The dialog's one message (or 'Validation failed:' and its reasons, one per line). */
export function FormAlert({ lines }: { lines: string[] | null }) {
  if (!lines || lines.length === 0) return null;
  const [headline, ...rest] = lines;
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        <p className="font-semibold">{headline}</p>
        {rest.map((line, i) => (
          // The same reason can come twice (two fields, one message): the index keeps keys apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: lines never reorder
          <p key={i}>{line}</p>
        ))}
      </div>
    </div>
  );
}

/** A checkbox with a sentence under it that says what it does. */
export function CheckboxWithHint({
  label,
  hint,
  className,
  ...props
}: { label: string; hint: string } & Omit<ComponentProps<"input">, "type">) {
  const id = useId();
  return (
    <div className={cn("grid gap-0.5", className)}>
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={id}
          type="checkbox"
          aria-describedby={`${id}-hint`}
          className="size-5 shrink-0 rounded border-border accent-[var(--color-primary)]"
          {...props}
        />
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
      </div>
      <p id={`${id}-hint`} className="pl-8 text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

export type SavePhase = "idle" | "saving" | "uploading";

/** Cancel and the submit button, which says what is happening while the save runs. */
export function DialogActions({ submitLabel, phase }: { submitLabel: string; phase: SavePhase }) {
  const busy = phase !== "idle";
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="outline" className="h-11" disabled={busy}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" className="h-11" disabled={busy} aria-busy={busy || undefined}>
        {phase === "saving" ? "Saving..." : phase === "uploading" ? "Uploading..." : submitLabel}
      </Button>
    </div>
  );
}

/** A short line summing up which images did not upload and why. */
export function describeUploadFailures(failures: { name: string; reason: string }[]): string {
  if (failures.length === 1) return failures[0]!.reason;
  return failures.map((f) => `${f.name}: ${f.reason}`).join("; ");
}

/**
 * Focus goes back to the button that opened the dialog when it closes. Radix does this only for
 * its own trigger; these dialogs are opened from buttons on many cards.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Called before focus moves into the dialog: the active element is still the opener.
    onOpenAutoFocus: () => {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}

type TextAreaProps = Omit<ComponentProps<"textarea">, "className">;

/**
 * A listing's description and its optional Spanish one, side by side in both dialogs: the
 * Spanish pages show the second, or the first (marked English) when it is empty.
 */
export function DescriptionFields({
  english,
  spanish,
}: {
  english: TextAreaProps;
  spanish: TextAreaProps;
}) {
  return (
    <>
      <TextAreaField label="Description" className="sm:col-span-2" {...english} />
      <TextAreaField
        label="Description in Spanish (optional)"
        hint="Shown on the Spanish pages; if empty they show the English description."
        lang="es"
        className="sm:col-span-2"
        {...spanish}
      />
    </>
  );
}
