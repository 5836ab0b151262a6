import { useId } from "react";
import { type InquiryStatus, inquiryStatuses } from "#domain/admin-inquiries";
import { cn } from "#web/lib/utils";

const labels: Record<InquiryStatus, string> = {
  all: "All",
  unhandled: "Unhandled",
  handled: "Handled",
};

/**
 * 'Show': All, Unhandled or Handled, as a segmented control. Native radio buttons underneath, so
 * the arrow keys, the label and the checked state need no scripting.
 */
export function InquiryFilter({
  value,
  onChange,
}: {
  value: InquiryStatus;
  onChange: (value: InquiryStatus) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <legend className="float-left mr-3 text-sm font-medium">Show</legend>
      <div className="inline-flex rounded-lg bg-black/5 p-1">
        {inquiryStatuses.map((status) => (
          <label
            key={status}
            className={cn(
              "inline-flex min-h-11 cursor-pointer items-center rounded-md px-4 text-sm font-semibold text-muted-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
              status === value && "bg-background text-foreground shadow-sm",
            )}
          >
            <input
              type="radio"
              name={name}
              value={status}
              checked={status === value}
              onChange={() => onChange(status)}
              className="sr-only"
            />
            {labels[status]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
