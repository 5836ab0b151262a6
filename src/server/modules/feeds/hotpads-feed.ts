import type { FeedListing, FeedOffice } from "#domain/feeds";
import type { PropertyType } from "#domain/listing-format";
import {
  factLabels,
  type Parking,
  type PetPolicy,
  type Smoking,
  type UnitFacts,
} from "#domain/unit-facts";
import { escapeXml } from "#server/shared/xml";
import type { FeedEntry } from "./feeds.service";

/**
 * The listings in the Zillow Group rental listings feed format (the HotPads feed format, version
 * 2.1, which Zillow, Trulia and HotPads read): one `<Company>`, then one `<Listing>` per unit,
 * each a single rentable unit. The format reads its elements in a fixed order, so each listing
 * is written in that order, and an element without a value is left out rather than sent empty.
 * Facts with an element of their own go there (smoking, parking, pets, the deposits and fees);
 * the others (utilities included, laundry, accessibility, vouchers) are amenity tags, in words.
 */

/** The company's id, which each listing names: stable, since portals key listings on it. */
export const HOTPADS_COMPANY_ID = "charter-oak-rentals";

/** `<name>value</name>`, or nothing for a value not stated. */
function el(name: string, value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** The format's property types for one rentable unit: a house, a townhouse, or a unit in a building. */
function propertyTypeOf(type: string): "HOUSE" | "TOWNHOUSE" | "CONDO" {
  const houses: string[] = ["house", "single-family"] satisfies PropertyType[];
  if (houses.includes(type)) return "HOUSE";
  if (type === "townhouse") return "TOWNHOUSE";
  return "CONDO";
}

/** Whole bathrooms are full ones; the half left over (the site stores halves) is a half bath. */
export function splitBathrooms(bathrooms: number): { full: number; half: number } {
  const full = Math.floor(bathrooms);
  return { full, half: bathrooms - full >= 0.5 ? 1 : 0 };
}

const PARKING_TYPES: Record<Parking, string> = {
  none: "none",
  street: "street",
  lot: "surfaceLot",
  garage: "garageLot",
};

const PETS_ALLOWED: Record<PetPolicy, { cats: boolean; dogs: boolean }> = {
  none: { cats: false, dogs: false },
  cats: { cats: true, dogs: false },
  dogs: { cats: false, dogs: true },
  "cats-and-dogs": { cats: true, dogs: true },
};

const SMOKING_ALLOWED: Record<Smoking, boolean> = {
  "not-allowed": false,
  // Not in the home: the format's yes or no says no; the amenity tags say where it may be.
  "outside-only": false,
  allowed: true,
};

function parkingXml(facts: UnitFacts): string {
  return facts.parking
    ? `<parking>${el("parkingType", PARKING_TYPES[facts.parking])}</parking>`
    : "";
}

function petsXml(facts: UnitFacts): string {
  if (!facts.pets) return "";
  const allowed = PETS_ALLOWED[facts.pets];
  const pet = (type: "cats" | "dogs") =>
    `<pet>${el("petType", type)}${el("allowed", allowed[type])}</pet>`;
  return `<pets>${pet("cats")}${pet("dogs")}</pets>`;
}

type Fee = {
  type: "securityDeposit" | "petDeposit" | "parkingFee";
  amount: number;
  timing: "moveIn" | "monthly";
  requirement: "mandatory" | "situational" | "optional";
  refundable?: boolean;
};

/**
 * The money beyond the rent, as the format's fees: the security deposit (due at move-in,
 * refundable), the pet deposit (only for a unit that takes pets, and only with one) and the
 * parking fee (monthly, for those who park). An amount of 0 is no fee.
 */
function feesOf(listing: FeedListing): Fee[] {
  const fees: Fee[] = [];
  if (listing.deposit > 0)
    fees.push({
      type: "securityDeposit",
      amount: listing.deposit,
      timing: "moveIn",
      requirement: "mandatory",
      refundable: true,
    });
  if (listing.petDeposit > 0 && listing.pets && listing.pets !== "none")
    fees.push({
      type: "petDeposit",
      amount: listing.petDeposit,
      timing: "moveIn",
      requirement: "situational",
      refundable: true,
    });
  if (listing.parkingFee > 0 && listing.parking && listing.parking !== "none")
    fees.push({
      type: "parkingFee",
      amount: listing.parkingFee,
      timing: "monthly",
      requirement: "optional",
    });
  return fees;
}

function feesXml(listing: FeedListing): string {
  const fees = feesOf(listing);
  if (fees.length === 0) return "";
  const fee = (f: Fee) =>
    `<fee><feeCalculationType value="${escapeXml(f.amount)}" valueType="flatFee"/>` +
    el("feeType", f.type) +
    el("feeTimingType", f.timing) +
    el("feeRequirementType", f.requirement) +
    (f.refundable === undefined
      ? ""
      : el("feeRefundableType", f.refundable ? "refundable" : "nonRefundable")) +
    "</fee>";
  return `<fees>${fees.map(fee).join("")}</fees>`;
}

/** The facts without an element of their own, and the amenities, as amenity tags. */
export function amenityTags(listing: FeedListing): string[] {
  return [
    ...listing.amenities,
    ...listing.utilitiesIncluded.map((u) => `${factLabels.utilities[u]} included`),
    // An amenity is something the home has: "no laundry" is not one.
    ...(listing.laundry && listing.laundry !== "none" ? [factLabels.laundry[listing.laundry]] : []),
    ...listing.accessibilityFeatures.map((f) => factLabels.accessibility[f]),
    ...(listing.smoking === "outside-only" ? [factLabels.smoking["outside-only"]] : []),
    ...(listing.vouchersWelcome ? [factLabels.vouchersWelcome] : []),
  ];
}

/** The lease lengths offered, in words: the format's free-text terms. */
function termsOf(listing: FeedListing): string {
  if (listing.leaseTerms.length === 0) return "";
  return `Lease terms: ${listing.leaseTerms.map((t) => factLabels.leaseTerms[t].toLowerCase()).join(", ")}.`;
}

function listingXml({ listing, lastUpdated }: FeedEntry, contact: FeedOffice): string {
  const baths = splitBathrooms(listing.bathrooms);
  const attributes = `id="${escapeXml(listing.id)}" type="RENTAL" companyId="${HOTPADS_COMPANY_ID}" propertyType="${propertyTypeOf(listing.type)}"`;
  return [
    `<Listing ${attributes}>`,
    el("name", listing.building.name),
    el("unit", listing.unitNumber),
    `<street hide="false">${escapeXml(listing.address)}</street>`,
    el("city", listing.city),
    el("state", listing.state),
    el("zip", listing.zipCode),
    el("country", "US"),
    el("lastUpdated", lastUpdated.toISOString()),
    el("contactName", contact.name),
    el("contactEmail", contact.email),
    el("contactPhone", contact.phone),
    el("description", listing.description),
    el("terms", termsOf(listing)),
    el("website", listing.url),
    listing.smoking ? el("smokingAllowed", SMOKING_ALLOWED[listing.smoking]) : "",
    parkingXml(listing),
    petsXml(listing),
    feesXml(listing),
    ...amenityTags(listing).map(
      (tag) => `<ListingTag type="PROPERTY_AMENITY">${el("tag", tag)}</ListingTag>`,
    ),
    ...listing.photos.map(
      (photo) =>
        `<ListingPhoto source="${escapeXml(photo.url)}">${el("caption", photo.alt)}</ListingPhoto>`,
    ),
    el("price", listing.rent),
    el("pricingFrequency", "MONTHLY"),
    el("numBedrooms", listing.bedrooms),
    el("numFullBaths", baths.full),
    el("numHalfBaths", baths.half),
    listing.squareFeet > 0 ? el("squareFeet", listing.squareFeet) : "",
    el("dateAvailable", listing.availableFrom),
    "</Listing>",
  ].join("");
}

/**
 * The whole document, a piece at a time: the declaration and the company (the agency), then its
 * listings, one a line, a batch of them to a piece, as the batches come.
 */
export async function* hotPadsFeed(
  office: FeedOffice,
  batches: AsyncIterable<readonly FeedEntry[]>,
): AsyncGenerator<string> {
  const company = [
    `<Company id="${HOTPADS_COMPANY_ID}">`,
    el("name", office.name),
    el("website", office.website),
    el("city", office.address.city),
    el("state", office.address.state),
    "</Company>",
  ].join("");
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<hotPadsItems version="2.1">\n${company}\n`;
  for await (const entries of batches) {
    yield entries.map((entry) => `${listingXml(entry, office)}\n`).join("");
  }
  yield "</hotPadsItems>\n";
}
