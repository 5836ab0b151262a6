import { dateTimeFormat } from "#domain/i18n/intl-formats";
import type { Locale } from "#domain/locale";
import { OFFICE_TIME_ZONE } from "#domain/locale";
import { formatFileDate, formatFileSize } from "#domain/tenant-files";

/**
 * A tenant file's date (the upload page, the tenant portal) in the agency's time zone: English
 * keeps the office's 'Mar 02, 2025'; Spanish reads '2 mar 2025', or '15 de marzo de 2025' in a
 * sentence ("long").
 */
export function uploadDate(
  iso: string,
  { locale, intl }: { locale: Locale; intl: string },
  style: "short" | "long" = "short",
): string {
  if (locale === "en") return formatFileDate(iso);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return dateTimeFormat(intl, {
    timeZone: OFFICE_TIME_ZONE,
    day: "numeric",
    month: style === "long" ? "long" : "short",
    year: "numeric",
  }).format(date);
}

/** A file's size: '2 KB', '1.5 MB' (US conventions in both languages); 'bytes' in Spanish. */
export function uploadSize(bytes: number, locale: Locale): string {
  const size = formatFileSize(bytes);
  return locale === "es" ? size.replace(/ Bytes$/, " bytes") : size;
}
