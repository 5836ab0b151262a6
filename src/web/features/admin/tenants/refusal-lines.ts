import { ApiError } from "#web/lib/api-client";

/**
 * A failed write as a dialog's alert lines: the headline, then the server's reasons (its message,
 * or each detail of a validation failure) or the network's; nothing more when it gave none.
 */
export function refusalLines(headline: string, error: unknown): string[] {
  if (!(error instanceof ApiError)) return [headline];
  if (error.details.length > 0) return [headline, ...error.details.map((d) => d.msg)];
  if (error.fromServer || error.status === 0) return [headline, error.message];
  return [headline];
}
