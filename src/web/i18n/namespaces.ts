/**
 * The namespaces of the catalogues: each is a file per language (`messages/en/home.json`), and
 * every key in it begins with `<namespace>.`. A page's loader sends its own namespaces; the root
 * loader sends the shell's (header, footer, banners and validation words, on every page).
 */
export const namespaces = [
  // Every page: the shell, the privacy banner, the notification bell, the words of forms and
  // their validation messages.
  "common",
  "consent",
  "notify",
  "form",
  // One page or a family of pages each (`a11y`: the settings and shortcuts on /accessibility).
  "a11y",
  "home",
  "listings",
  "services",
  "contact",
  "accessibility",
  "privacy",
  "terms",
  "notifications",
  "upload",
  "alerts",
  // A showing's e-mailed link.
  "showings",
  // A rental application's e-mailed link.
  "apply",
  // A building's waiting list: the join form and the e-mailed link.
  "waitlist",
  // The tenant portal and its sign-in page.
  "portal",
] as const;
export type Namespace = (typeof namespaces)[number];

/**
 * The words every page needs. The accessibility settings and the shortcuts reference (`a11y`)
 * are on /accessibility only: its loader sends them, the other pages go without (4.4 KB).
 */
export const ROOT_NAMESPACES: readonly Namespace[] = ["common", "consent", "notify", "form"];
