import { useQuery } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { showingsApi } from "#domain/api/showings";
import {
  bookingModes,
  SHOWING_WINDOWS_PER_DAY_MAX,
  type ShowingHoursInput,
  showingHoursSchema,
  showingMessages,
  type Weekday,
  weekdays,
} from "#domain/showings";
import { LoadFailed } from "#web/components/load-failed";
import { Button } from "#web/components/ui/button";
import { DialogContent, Dialog as DialogRoot } from "#web/components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/form-field";
import { failureDetail } from "#web/lib/api-client";
import { contractQuery, useContractMutation } from "#web/lib/query";

const dayNames: Record<Weekday, string> = {
  sun: "Sunday",
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
};
const modeLabels = {
  instant: "Book at once",
  request: "Ask the office to confirm (within 24 hours)",
} as const;

type Draft = Omit<ShowingHoursInput, "datesOff" | "booking" | "unitBooking"> & {
  booking: (typeof bookingModes)[number];
  unitBooking: Record<string, (typeof bookingModes)[number]>;
  datesOff: string;
};

const draftOf = (hours: ShowingHoursInput): Draft => ({
  ...hours,
  booking: hours.booking ?? "instant",
  unitBooking: hours.unitBooking ?? {},
  datesOff: hours.datesOff.join("\n"),
});

/** The form's draft as the schema reads it: dates off one per line (or comma). */
const inputOf = (draft: Draft): ShowingHoursInput => ({
  ...draft,
  datesOff: draft.datesOff
    .split(/[\s,]+/)
    .map((day) => day.trim())
    .filter(Boolean),
});

/**
 * A building's showing hours, in the back office: for each weekday the windows renters may book
 * (Connecticut time), the slot length, the buffer between showings, the minimum notice, how far
 * ahead, whether a booking is at once or waits for the office, and dates off. Checked in the
 * browser with the schema the server checks again.
 */
/** The building whose hours are edited, with its units (each may have a mode of its own). */
export type HoursBuilding = { id: number; title: string; units: { id: number; number: string }[] };

export function ShowingHoursDialog({
  building,
  onOpenChange,
}: {
  building: HoursBuilding | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogRoot open={building !== null} onOpenChange={onOpenChange}>
      {building ? (
        <DialogContent
          title={`Showing hours: ${building.title}`}
          description="Renters book these times on the building's unit pages (Connecticut time)."
          className="max-w-2xl"
        >
          <HoursForm building={building} onDone={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </DialogRoot>
  );
}

function HoursForm({ building, onDone }: { building: HoursBuilding; onDone: () => void }) {
  const stored = useQuery(
    contractQuery(showingsApi.getHours, { params: { id: String(building.id) } }),
  );
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    if (stored.data && draft === null) setDraft(draftOf(stored.data.hours));
  }, [stored.data, draft]);
  const save = useContractMutation(
    showingsApi.putHours,
    (hours: ShowingHoursInput) => ({ params: { id: String(building.id) }, body: hours }),
    {
      onSuccess: () => {
        toast.success(showingMessages.hoursSaved);
        onDone();
      },
      onError: (error) => setErrors([`Could not save the hours. ${failureDetail(error)}`]),
    },
  );
  if (stored.isError) return <LoadFailed title="Could not load the hours." query={stored} />;
  if (!draft) return <p className="text-sm text-muted-foreground">Loading hours...</p>;

  const setDay = (day: Weekday, windows: Draft["weekly"][Weekday]) =>
    setDraft({ ...draft, weekly: { ...draft.weekly, [day]: windows } });
  const number = (key: "slotMinutes" | "bufferMinutes" | "noticeHours" | "horizonDays") => ({
    type: "number" as const,
    inputMode: "numeric" as const,
    value: Number.isNaN(draft[key]) ? "" : String(draft[key]),
    onChange: (event: { target: { value: string } }) =>
      setDraft({
        ...draft,
        [key]: event.target.value === "" ? Number.NaN : Number(event.target.value),
      }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf(draft);
    const checked = showingHoursSchema.safeParse(input);
    if (!checked.success) {
      setErrors([...new Set(checked.error.issues.map((issue) => issue.message))]);
      return;
    }
    setErrors([]);
    save.mutate(input);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      {errors.length ? (
        <div
          role="alert"
          className="rounded-md border border-destructive p-3 text-sm text-destructive"
        >
          <ul className="list-disc pl-5">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold">Weekly hours</legend>
        {weekdays.map((day) => {
          const windows = draft.weekly[day];
          return (
            <div key={day} className="grid gap-2 sm:grid-cols-[7rem_1fr] sm:items-start">
              <p className="pt-2 font-medium">{dayNames[day]}</p>
              <div className="grid gap-2">
                {windows.length === 0 ? (
                  <p className="pt-2 text-sm text-muted-foreground">No showings</p>
                ) : null}
                {windows.map((window, i) => (
                  <div
                    // biome-ignore lint/suspicious/noArrayIndexKey: a day's windows have no id; their order is theirs
                    key={i}
                    className="flex flex-wrap items-end gap-2"
                  >
                    <TextField
                      label={`${dayNames[day]} from`}
                      type="time"
                      className="w-36"
                      value={window.start}
                      onChange={(event) =>
                        setDay(
                          day,
                          windows.map((w, j) =>
                            j === i ? { ...w, start: event.target.value } : w,
                          ),
                        )
                      }
                    />
                    <TextField
                      label={`${dayNames[day]} until`}
                      type="time"
                      className="w-36"
                      value={window.end}
                      onChange={(event) =>
                        setDay(
                          day,
                          windows.map((w, j) => (j === i ? { ...w, end: event.target.value } : w)),
                        )
                      }
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-11"
                      aria-label={`Remove ${dayNames[day]} ${window.start} to ${window.end}`}
                      onClick={() =>
                        setDay(
                          day,
                          windows.filter((_, j) => j !== i),
                        )
                      }
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </div>
                ))}
                {windows.length < SHOWING_WINDOWS_PER_DAY_MAX ? (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="min-h-11 w-fit"
                    onClick={() => setDay(day, [...windows, { start: "10:00", end: "12:00" }])}
                  >
                    <Plus aria-hidden="true" /> Add hours on {dayNames[day]}
                  </Button>
                ) : null}
              </div>
            </div>
          );
        })}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Slot length (minutes)" {...number("slotMinutes")} />
        <TextField label="Buffer between showings (minutes)" {...number("bufferMinutes")} />
        <TextField label="Minimum notice (hours)" {...number("noticeHours")} />
        <TextField label="Renters may book (days ahead)" {...number("horizonDays")} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-semibold">Booking</legend>
        {bookingModes.map((mode) => (
          <label key={mode} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="booking"
              value={mode}
              checked={draft.booking === mode}
              onChange={() => setDraft({ ...draft, booking: mode })}
              className="size-5"
            />
            {modeLabels[mode]}
          </label>
        ))}
      </fieldset>
      {building.units.length ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-semibold">Booking per unit</legend>
          {building.units.map((unit) => {
            const own = draft.unitBooking[String(unit.id)];
            return (
              <SelectField
                key={unit.id}
                label={`Unit ${unit.number}`}
                value={own ?? ""}
                onChange={(event) => {
                  const { [String(unit.id)]: _, ...others } = draft.unitBooking;
                  const next = event.target.value as "" | (typeof bookingModes)[number];
                  setDraft({
                    ...draft,
                    unitBooking: next ? { ...others, [String(unit.id)]: next } : others,
                  });
                }}
              >
                <option value="">As the building</option>
                {bookingModes.map((mode) => (
                  <option key={mode} value={mode}>
                    {modeLabels[mode]}
                  </option>
                ))}
              </SelectField>
            );
          })}
        </fieldset>
      ) : null}
      <TextAreaField
        label="Dates off"
        hint="One date per line, as YYYY-MM-DD."
        rows={3}
        value={draft.datesOff}
        onChange={(event) => setDraft({ ...draft, datesOff: event.target.value })}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" className="min-h-11" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" className="min-h-11" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save hours"}
        </Button>
      </div>
    </form>
  );
}
