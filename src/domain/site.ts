/**
 * Every fact about the agency in one place. Pages, e-mails, the footer and the structured data
 * for search engines read these; an agency changes its details here and nowhere else.
 */
export const site = {
  name: "Charter Oak Rentals",
  shortName: "Charter Oak",
  tagline: "Affordable, well-kept homes across Greater Hartford.",
  city: "Hartford, Connecticut",
  phone: "(860) 555-0142",
  phoneHref: "tel:+18605550142",
  email: "leasing@charteroakrentals.com",
  address: {
    street: "85 Pearl Street, Suite 400",
    city: "Hartford",
    state: "CT",
    zipCode: "06103",
  },
  officeHours: [
    { days: "Monday - Friday", hours: "9:00 AM - 5:00 PM" },
    { days: "Saturday", hours: "10:00 AM - 2:00 PM" },
    { days: "Sunday", hours: "Closed" },
  ],
  /** The external rental application. Fixed by the product: opened in a new tab. */
  applyUrl: "https://apply.charteroakrentals.com/",
} as const;

export const officeAddressLine = `${site.address.street}, ${site.address.city}, ${site.address.state} ${site.address.zipCode}`;
