/** A link of the site's navigation: the id of its words in the catalogue, and where it goes. */
export type NavItem = { message: string; to: string };

export const mainNav: readonly NavItem[] = [
  { message: "common.nav.home", to: "/" },
  { message: "common.nav.properties", to: "/properties" },
  { message: "common.nav.services", to: "/services" },
  { message: "common.nav.contact", to: "/contact" },
];

export const footerLinks = {
  quickLinks: mainNav,
  forRenters: [
    { message: "common.footer.browseProperties", to: "/properties" },
    { message: "common.footer.scheduleViewing", to: "/contact" },
    { message: "common.footer.propertyInquiry", to: "/contact" },
    { message: "common.footer.rentalProcess", to: "/services" },
  ],
  legal: [
    { message: "common.footer.privacy", to: "/privacy" },
    { message: "common.footer.terms", to: "/terms" },
    { message: "common.footer.accessibility", to: "/accessibility" },
  ],
} as const satisfies Record<string, readonly NavItem[]>;
