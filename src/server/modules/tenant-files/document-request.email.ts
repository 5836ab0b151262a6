import { site } from "#domain/site";
import {
  acceptedDocumentKinds,
  type FileCategory,
  formatFileDate,
  TENANT_FILE_MAX_MB,
} from "#domain/tenant-files";
import { renderEmail } from "#server/mail/email-layout";
import type { MailMessage } from "#server/mail/mailer";

/** What the tenant is asked for, in words: "your lease documents". */
const askedFor: Record<FileCategory, string> = {
  maintenance: "documents for a maintenance request",
  lease: "your lease documents",
  property: "documents about your home",
  other: "some documents",
};

function whatIsAsked(category: FileCategory, maintenanceRequest: string | null): string {
  if (!maintenanceRequest) return askedFor[category];
  return category === "maintenance"
    ? `documents for your maintenance request "${maintenanceRequest}"`
    : `${askedFor[category]} about "${maintenanceRequest}"`;
}

export type DocumentRequestEmail = {
  tenantName: string;
  tenantEmail: string;
  propertyName: string;
  unit: string;
  category: FileCategory;
  maintenanceRequest: string | null;
  note: string;
  uploadUrl: string;
  expiresAt: Date;
};

/** The e-mail that carries a tenant's upload link; no account or password needed. */
export function documentRequestEmail(input: DocumentRequestEmail): MailMessage {
  const home = input.unit ? `${input.propertyName}, Unit ${input.unit}` : input.propertyName;
  const until = formatFileDate(input.expiresAt.toISOString());
  const email = renderEmail({
    heading: "Please upload your documents",
    paragraphs: [
      `Hello ${input.tenantName},`,
      `${site.name} asks you to upload ${whatIsAsked(input.category, input.maintenanceRequest)} for ${home}.`,
      ...(input.note ? [`A note from the office:\n${input.note}`] : []),
      `You can send ${acceptedDocumentKinds.join(", ")} files of up to ${TENANT_FILE_MAX_MB}MB each. You do not need an account: the link below opens your own upload page.`,
    ],
    action: { label: "Upload your documents", url: input.uploadUrl },
    footnote: `This link works until ${until}. Do not forward this e-mail: anyone with the link can send files in your name. If you were not expecting it, call us at ${site.phone}.`,
  });
  return {
    to: input.tenantEmail,
    subject: `${site.name}: please upload your documents`,
    ...email,
  };
}
