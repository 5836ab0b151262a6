/**
 * The portal's own words (English, like the back office). The rules' messages (a field's,
 * the server's refusals) are the domain's, in #domain/maintenance and #domain/tenant-files.
 */
export const portalMessages = {
  homeLoading: "Loading your home...",
  homeFailed: "Your home could not be loaded.",
  requestsLoading: "Loading your requests...",
  requestsFailed: "Your requests could not be loaded.",
  noRequests: "No requests yet",
  noRequestsHint:
    "When you report a problem, it appears here with its status and the office's replies.",
  requestNotSent: "Your request was not sent.",
  commentNotSent: "Your comment was not sent.",
  documentsLoading: "Loading your documents...",
  documentsFailed: "Your documents could not be loaded.",
  noDocuments: "No documents yet",
  noDocumentsHint: "Documents you send the office, and those it shares with you, appear here.",
  documentsNotSent: "Your documents were not sent.",
  documentsSent: "Thank you! The office has received your documents.",
  downloadFailed: "The document could not be downloaded.",
  fromOffice: "From the office",
  tryAgainLater: "Please try again in a moment.",
} as const;
