/**
 * Words the product shows that more than one place needs. A message string appears once in the
 * code: pages, server errors and tests import it from here.
 */
export const messages = {
  notFound: {
    code: "404",
    text: "Oops! We couldn't find the page you're looking for.",
  },
  loading: "Loading...",
  loggingOut: "Logging out...",
  /** Both preference screens (accessibility, notifications) say this when storing fails. */
  preferencesSaveFailed: "Failed to save preferences",
  server: {
    internal: "Something went wrong on our side. Please try again.",
    tooManyRequests: "Too many requests. Please wait a moment before trying again.",
    notFound: "The requested resource was not found.",
    badRequest: "The request is invalid.",
    badData: "Some of the text or numbers sent cannot be stored. Please check them and try again.",
    /** A multipart body over the parser's bounds on parts or fields (photos and documents). */
    uploadTooManyParts: "The upload has too many fields.",
  },
} as const;
