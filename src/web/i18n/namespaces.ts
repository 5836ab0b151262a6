/**
 * The namespaces of the catalogues: each is a file per language (`messages/en/home.json`), and
 * every key in it begins with `<namespace>.`. A page's loader sends its own namespaces; the root
 * loader sends the shell's (header, footer, banners, panels and validation words, on every page).
 */
export const namespaces = [
  // Every page: the shell, the privacy banner, the accessibility panel, the notification bell,
  // the words of forms and their validation messages.
  "common",
  "consent",
  "a11y",
  "notify",
  "form",
  // One page or a family of pages each.
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
] as const;
export type Namespace = (typeof namespaces)[number];

export const ROOT_NAMESPACES: readonly Namespace[] = [
  "common",
  "consent",
  "a11y",
  "notify",
  "form",
];
