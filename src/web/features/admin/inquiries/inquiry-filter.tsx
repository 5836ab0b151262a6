import { type InquiryStatus, inquiryStatuses } from "#domain/admin-inquiries";
import { SegmentedFilter } from "#web/components/ui/segmented-filter";

const labels: Record<InquiryStatus, string> = {
  all: "All",
  unhandled: "Unhandled",
  handled: "Handled",
};

/** 'Show': All, Unhandled or Handled. */
export function InquiryFilter({
  value,
  onChange,
}: {
  value: InquiryStatus;
  onChange: (value: InquiryStatus) => void;
}) {
  return (
    <SegmentedFilter options={inquiryStatuses} labels={labels} value={value} onChange={onChange} />
  );
}
