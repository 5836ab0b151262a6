/**
 * Words the product shows that more than one place needs. A message string appears once in the
 * code: pages, server errors and tests import it from here.
 */
export const messages = {
  loading: "Loading...",
  loggingOut: "Logging out...",
  /** Both preference screens (accessibility, notifications) say this when storing fails. */
  preferencesSaveFailed: "Failed to save preferences",
  server: {
    internal: "Something went wrong on our side. Please try again.",
    tooManyRequests: "Too many requests. Please wait a moment before trying again.",
    /** The database (or another service the request needs) is away for a moment: a 503. */
    unavailable: "The service is briefly unavailable. Please try again in a moment.",
    /** The object store (photos, documents) cannot be reached: a 503 to an upload or a photo. */
    storageUnavailable:
      "Files cannot be stored or fetched right now. Please try again in a moment.",
    /** The server's disk is full: a 507 to an upload. Nothing was kept. */
    storageFull:
      "The server has no room to store files right now. Nothing was saved; please try again later or contact the office.",
    /** A call that needs a session, without one: the guards' 401, also the browser's own. */
    signInRequired: "Please sign in to continue.",
    notFound: "The requested resource was not found.",
    badRequest: "The request is invalid.",
    /** A JSON body whose arrays and objects nest deeper than any form of this site sends. */
    tooDeep: "The request body nests too deeply.",
    /** A body larger than its route reads: a 413. */
    bodyTooLarge: "The request is larger than this address accepts.",
    /** A body that did not arrive in time (sent too slowly): a 408. */
    bodyTimeout: "The request took too long to arrive. Please try again.",
    /** A Host header that is not a host name: a 400. */
    badHost: "The request's Host header is not valid.",
    badData: "Some of the text or numbers sent cannot be stored. Please check them and try again.",
    /** A multipart body over the parser's bounds on parts or fields (photos and documents). */
    uploadTooManyParts: "The upload has too many fields.",
  },
} as const;

/**
 * The back office's words for moving through a paged list. Here, not beside the paging schemas:
 * the pager is a layout module every page's bundle holds, and those schemas would bring zod.
 */
export const pagingMessages = {
  next: "Next page",
  first: "First page",
} as const;
