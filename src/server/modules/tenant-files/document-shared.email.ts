import { site } from "#domain/site";
import { renderEmail } from "#server/mail/email-layout";
import type { QueuedMessage } from "#server/mail/mail-queue";

/** To a tenant: the office shared documents with them, to read in the portal. */
export function documentSharedEmail(input: {
  to: string;
  names: string[];
  portalUrl: string;
}): QueuedMessage {
  const one = input.names.length === 1;
  return {
    kind: "document_shared",
    to: input.to,
    subject: `${site.name}: ${one ? "a document" : "documents"} for you`,
    ...renderEmail({
      heading: `The office shared ${one ? "a document" : `${input.names.length} documents`} with you`,
      paragraphs: [
        input.names.join(", "),
        "Open the tenant portal's Documents to read or download it. Sign in with a link e-mailed to this address.",
      ],
      action: { label: "Open the tenant portal", url: input.portalUrl },
    }),
  };
}
