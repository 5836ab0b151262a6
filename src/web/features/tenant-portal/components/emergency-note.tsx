import { TriangleAlert } from "lucide-react";
import { emergencyNote } from "#domain/maintenance";
import { site } from "#domain/site";

/**
 * What counts as an emergency, in the domain's words, with the office's phone number in it made
 * a link a phone can call.
 */
export function EmergencyNote({ id }: { id?: string }) {
  const [before, after] = emergencyNote.split(site.phone);
  return (
    <div
      id={id}
      className="flex gap-3 rounded-md border-2 border-destructive bg-background p-3 text-sm"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
      <p>
        {before}
        {after === undefined ? null : (
          <>
            <a href={site.phoneHref} className="font-semibold text-primary underline">
              {site.phone}
            </a>
            {after}
          </>
        )}
      </p>
    </div>
  );
}
