import { site } from "#domain/site";
import {
  acceptedDocumentKinds,
  type DocumentRequestLanguage,
  type FileCategory,
  formatFileDate,
  TENANT_FILE_MAX_MB,
} from "#domain/tenant-files";
import { renderEmail } from "#server/mail/email-layout";
import type { MailMessage } from "#server/mail/mailer";

export type DocumentRequestEmail = {
  tenantName: string;
  tenantEmail: string;
  propertyName: string;
  unit: string;
  category: FileCategory;
  maintenanceRequest: string | null;
  note: string;
  /** The language staff chose: the e-mail is in it, and its link opens the page in it. */
  language: DocumentRequestLanguage;
  uploadUrl: string;
  expiresAt: Date;
};

type Message = { subject: string; html: string; text: string };

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

function englishEmail(input: DocumentRequestEmail): Message {
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
  return { subject: `${site.name}: please upload your documents`, ...email };
}

/** "15 de marzo de 2025", in the office's time zone (Connecticut), whatever the server's. */
function spanishDate(date: Date): string {
  return new Intl.DateTimeFormat("es-US", {
    timeZone: "America/New_York",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(date);
}

/** The same, in Spanish: "los documentos de su contrato de arrendamiento". */
const askedForInSpanish: Record<FileCategory, string> = {
  maintenance: "documentos para una solicitud de mantenimiento",
  lease: "los documentos de su contrato de arrendamiento",
  property: "documentos sobre su vivienda",
  other: "algunos documentos",
};

function whatIsAskedInSpanish(category: FileCategory, maintenanceRequest: string | null): string {
  if (!maintenanceRequest) return askedForInSpanish[category];
  return category === "maintenance"
    ? `documentos para su solicitud de mantenimiento "${maintenanceRequest}"`
    : `${askedForInSpanish[category]} sobre "${maintenanceRequest}"`;
}

function spanishEmail(input: DocumentRequestEmail): Message {
  const home = input.unit ? `${input.propertyName}, Unidad ${input.unit}` : input.propertyName;
  const kinds = `${acceptedDocumentKinds.slice(0, -1).join(", ")} o ${acceptedDocumentKinds.at(-1)}`;
  const email = renderEmail({
    heading: "Por favor, suba sus documentos",
    paragraphs: [
      `Hola, ${input.tenantName}:`,
      `${site.name} le solicita que suba ${whatIsAskedInSpanish(input.category, input.maintenanceRequest)} para ${home}.`,
      ...(input.note ? [`Una nota de la oficina:\n${input.note}`] : []),
      `Puede enviar archivos ${kinds} de hasta ${TENANT_FILE_MAX_MB} MB cada uno. No necesita una cuenta: el enlace de abajo abre su propia página para subir documentos.`,
    ],
    action: { label: "Subir sus documentos", url: input.uploadUrl },
    language: "es",
    footnote: `Este enlace es válido hasta el ${spanishDate(input.expiresAt)}. No reenvíe este correo electrónico: cualquier persona que tenga el enlace puede enviar archivos a su nombre. Si no esperaba este mensaje, llámenos al ${site.phone}.`,
  });
  return { subject: `${site.name}: por favor, suba sus documentos`, ...email };
}

const byLanguage: Record<DocumentRequestLanguage, (input: DocumentRequestEmail) => Message> = {
  en: englishEmail,
  es: spanishEmail,
};

/**
 * The e-mail that carries a tenant's upload link, in the language staff chose; no account or
 * password needed.
 */
export function documentRequestEmail(input: DocumentRequestEmail): MailMessage {
  const { subject, html, text } = byLanguage[input.language](input);
  return { to: input.tenantEmail, subject, html, text };
}
