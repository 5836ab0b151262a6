import type { UnitFacts } from "#domain/unit-facts";
import type { PhotoKind } from "#server/images/photo-kinds";

/**
 * Demo content: plausible buildings of a small Greater Hartford agency, of different types, with
 * units some available and some rented. Photos are drawn by code (images/photo-generator.ts).
 */
export type DemoPhoto = { kind: PhotoKind; seed: number; alt: string };

export type DemoUnit = {
  unitNumber: string;
  bedrooms: number;
  bathrooms: number;
  squareFeet: number;
  rent: number;
  deposit: number;
  available: boolean;
  /** Days from today; null means now (or not announced for a rented unit). */
  availableInDays?: number;
  features: string[];
  description?: string;
  photos?: DemoPhoto[];
  /** What staff stated beyond the rooms; the rest is left unstated. */
  facts?: Partial<UnitFacts>;
};

export type DemoBuilding = {
  title: string;
  type: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  yearBuilt: number;
  featured: boolean;
  amenities: string[];
  description: string;
  photos: DemoPhoto[];
  units: DemoUnit[];
};

const interiors = (seed: number, name: string): DemoPhoto[] => [
  { kind: "living-room", seed, alt: `Living room of ${name} with large windows and wood floors` },
  { kind: "kitchen", seed: seed + 1, alt: `Kitchen of ${name} with modern appliances` },
  { kind: "bedroom", seed: seed + 2, alt: `Bedroom of ${name} with natural light` },
];

export const demoBuildings: DemoBuilding[] = [
  {
    title: "Pearl Street Lofts",
    type: "loft",
    address: "245 Pearl Street",
    city: "Hartford",
    state: "CT",
    zipCode: "06103",
    yearBuilt: 1912,
    featured: true,
    amenities: [
      "Elevator",
      "Heating",
      "Air Conditioning",
      "High-Speed Internet",
      "Fitness Center",
      "Storage Unit",
      "Security System",
    ],
    description:
      "A converted brick warehouse in downtown Hartford with soaring ceilings, exposed beams and oversized factory windows. Steps from Bushnell Park, restaurants and the city's major employers.",
    photos: [
      {
        kind: "facade",
        seed: 101,
        alt: "Brick front of Pearl Street Lofts, a converted warehouse with tall windows",
      },
      {
        kind: "living-room",
        seed: 102,
        alt: "Open living space in Pearl Street Lofts with exposed beams",
      },
    ],
    units: [
      {
        unitNumber: "101",
        bedrooms: 1,
        bathrooms: 1,
        squareFeet: 780,
        rent: 1650,
        deposit: 1650,
        available: true,
        features: ["Dishwasher", "Washer/Dryer"],
        photos: interiors(111, "Unit 101"),
        facts: {
          accessibilityFeatures: ["step-free-entrance", "elevator", "wide-doorways"],
          utilitiesIncluded: ["heat", "hot-water"],
          pets: "cats",
          petDeposit: 250,
          laundry: "in-unit",
          smoking: "not-allowed",
          leaseTerms: ["12-months"],
          vouchersWelcome: true,
        },
      },
      {
        unitNumber: "204",
        bedrooms: 2,
        bathrooms: 2,
        squareFeet: 1120,
        rent: 2250,
        deposit: 2250,
        available: true,
        availableInDays: 21,
        features: ["Dishwasher", "Washer/Dryer", "Balcony/Patio"],
      },
      {
        unitNumber: "305",
        bedrooms: 1,
        bathrooms: 1,
        squareFeet: 820,
        rent: 1700,
        deposit: 1700,
        available: false,
        features: ["Dishwasher"],
      },
      {
        unitNumber: "402",
        bedrooms: 2,
        bathrooms: 1.5,
        squareFeet: 1050,
        rent: 2100,
        deposit: 2100,
        available: false,
        features: ["Dishwasher", "Washer/Dryer"],
      },
      {
        unitNumber: "501",
        bedrooms: 3,
        bathrooms: 2,
        squareFeet: 1480,
        rent: 2850,
        deposit: 2850,
        available: true,
        features: ["Dishwasher", "Washer/Dryer", "Balcony/Patio"],
        description:
          "Top-floor corner loft with views over downtown Hartford, three bedrooms and two full baths.",
      },
    ],
  },
  {
    title: "Asylum Hill Apartments",
    type: "apartment",
    address: "88 Asylum Avenue",
    city: "Hartford",
    state: "CT",
    zipCode: "06105",
    yearBuilt: 1964,
    featured: false,
    amenities: ["Heating", "Parking Space", "Elevator", "Storage Unit", "Pet Friendly"],
    description:
      "A well-kept mid-century apartment building on a tree-lined stretch of Asylum Hill, close to bus lines, the Mark Twain House and Aetna's campus. Heat and hot water included.",
    photos: [
      {
        kind: "facade",
        seed: 201,
        alt: "Front of Asylum Hill Apartments, a four-storey brick building",
      },
      { kind: "kitchen", seed: 202, alt: "Updated kitchen in an Asylum Hill apartment" },
    ],
    units: [
      {
        unitNumber: "1A",
        bedrooms: 1,
        bathrooms: 1,
        squareFeet: 650,
        rent: 1250,
        deposit: 1250,
        available: true,
        features: [],
        facts: {
          accessibilityFeatures: ["ground-floor", "grab-bars"],
          utilitiesIncluded: ["heat", "hot-water", "water-and-sewer", "trash"],
          pets: "none",
          parking: "street",
          laundry: "in-building",
          leaseTerms: ["month-to-month", "12-months"],
          vouchersWelcome: true,
        },
      },
      {
        unitNumber: "1B",
        bedrooms: 2,
        bathrooms: 1,
        squareFeet: 860,
        rent: 1495,
        deposit: 1495,
        available: false,
        features: [],
      },
      {
        unitNumber: "2C",
        bedrooms: 0,
        bathrooms: 1,
        squareFeet: 480,
        rent: 1050,
        deposit: 1050,
        available: true,
        features: [],
      },
      {
        unitNumber: "3A",
        bedrooms: 2,
        bathrooms: 1,
        squareFeet: 880,
        rent: 1525,
        deposit: 1525,
        available: true,
        availableInDays: 30,
        features: ["Dishwasher"],
        photos: interiors(211, "Unit 3A"),
      },
      {
        unitNumber: "4B",
        bedrooms: 1,
        bathrooms: 1,
        squareFeet: 660,
        rent: 1275,
        deposit: 1275,
        available: false,
        features: [],
      },
    ],
  },
  {
    title: "Farmington Avenue Townhomes",
    type: "townhouse",
    address: "612 Farmington Avenue",
    city: "West Hartford",
    state: "CT",
    zipCode: "06119",
    yearBuilt: 1998,
    featured: true,
    amenities: [
      "Air Conditioning",
      "Heating",
      "Parking Space",
      "Washer/Dryer",
      "Balcony/Patio",
      "Garden/Courtyard",
      "Pet Friendly",
    ],
    description:
      "Two-storey townhomes with private entrances and small gardens, a short walk from West Hartford Center's shops and cafes. Each home has its own laundry and an assigned parking space.",
    photos: [
      {
        kind: "facade",
        seed: 301,
        alt: "Row of Farmington Avenue Townhomes with private entrances",
      },
      { kind: "living-room", seed: 302, alt: "Living room of a Farmington Avenue townhome" },
    ],
    units: [
      {
        unitNumber: "A",
        bedrooms: 2,
        bathrooms: 1.5,
        squareFeet: 1200,
        rent: 2350,
        deposit: 2350,
        available: true,
        features: ["Dishwasher"],
        photos: interiors(311, "Townhome A"),
      },
      {
        unitNumber: "B",
        bedrooms: 3,
        bathrooms: 2.5,
        squareFeet: 1550,
        rent: 2795,
        deposit: 2795,
        available: false,
        features: ["Dishwasher"],
      },
      {
        unitNumber: "C",
        bedrooms: 2,
        bathrooms: 1.5,
        squareFeet: 1200,
        rent: 2395,
        deposit: 2395,
        available: false,
        features: ["Dishwasher"],
      },
      {
        unitNumber: "D",
        bedrooms: 3,
        bathrooms: 2.5,
        squareFeet: 1580,
        rent: 2850,
        deposit: 2850,
        available: true,
        availableInDays: 45,
        features: ["Dishwasher", "Storage Unit"],
      },
    ],
  },
  {
    title: "Garden Street Colonial",
    type: "single-family",
    address: "37 Garden Street",
    city: "Wethersfield",
    state: "CT",
    zipCode: "06109",
    yearBuilt: 1932,
    featured: false,
    amenities: [
      "Heating",
      "Parking Space",
      "Washer/Dryer",
      "Garden/Courtyard",
      "Dishwasher",
      "Storage Unit",
    ],
    description:
      "A classic New England colonial on a quiet street near Old Wethersfield, with a fenced yard, a detached garage and a finished basement. Ideal for a family who wants space and a short drive to Hartford.",
    photos: [
      {
        kind: "facade",
        seed: 401,
        alt: "White clapboard colonial house on Garden Street with a front porch",
      },
      {
        kind: "living-room",
        seed: 402,
        alt: "Living room of the Garden Street colonial with a fireplace",
      },
      { kind: "bedroom", seed: 403, alt: "Main bedroom of the Garden Street colonial" },
    ],
    units: [
      {
        unitNumber: "House",
        bedrooms: 3,
        bathrooms: 1.5,
        squareFeet: 1650,
        rent: 2650,
        deposit: 2650,
        available: true,
        features: ["Washer/Dryer"],
      },
    ],
  },
  {
    title: "Riverview Condominiums",
    type: "condo",
    address: "15 Riverview Drive",
    city: "East Hartford",
    state: "CT",
    zipCode: "06118",
    yearBuilt: 2008,
    featured: true,
    amenities: [
      "Air Conditioning",
      "Heating",
      "Elevator",
      "Fitness Center",
      "Swimming Pool",
      "Parking Space",
      "Security System",
      "Balcony/Patio",
    ],
    description:
      "Modern condominiums overlooking the Connecticut River with a fitness center, an outdoor pool and covered parking. Minutes from downtown Hartford over the Founders Bridge.",
    photos: [
      { kind: "facade", seed: 501, alt: "Glass and concrete front of Riverview Condominiums" },
      {
        kind: "bathroom",
        seed: 502,
        alt: "Bathroom with a glass shower in a Riverview condominium",
      },
    ],
    units: [
      {
        unitNumber: "210",
        bedrooms: 1,
        bathrooms: 1,
        squareFeet: 740,
        rent: 1795,
        deposit: 1795,
        available: false,
        features: ["Dishwasher", "Washer/Dryer"],
      },
      {
        unitNumber: "315",
        bedrooms: 2,
        bathrooms: 2,
        squareFeet: 1080,
        rent: 2395,
        deposit: 2395,
        available: true,
        features: ["Dishwasher", "Washer/Dryer"],
        photos: interiors(511, "Unit 315"),
        facts: {
          accessibilityFeatures: [
            "elevator",
            "roll-in-shower",
            "accessible-parking",
            "visual-alarms",
          ],
          utilitiesIncluded: ["water-and-sewer", "trash"],
          pets: "cats-and-dogs",
          petDeposit: 400,
          parking: "garage",
          parkingFee: 95,
          laundry: "in-unit",
          smoking: "not-allowed",
          leaseTerms: ["12-months", "24-months"],
        },
      },
      {
        unitNumber: "420",
        bedrooms: 2,
        bathrooms: 2,
        squareFeet: 1100,
        rent: 2450,
        deposit: 2450,
        available: false,
        features: ["Dishwasher", "Washer/Dryer"],
      },
      {
        unitNumber: "605",
        bedrooms: 3,
        bathrooms: 2,
        squareFeet: 1390,
        rent: 2995,
        deposit: 2995,
        available: true,
        features: ["Dishwasher", "Washer/Dryer"],
        description: "Penthouse-level home with river views from every room and a large balcony.",
      },
    ],
  },
  {
    title: "Maple Avenue Duplex",
    type: "duplex",
    address: "219 Maple Avenue",
    city: "Hartford",
    state: "CT",
    zipCode: "06114",
    yearBuilt: 1925,
    featured: false,
    amenities: ["Heating", "Parking Space", "Storage Unit", "Garden/Courtyard"],
    description:
      "A restored two-family house in the Barry Square neighborhood with one home on each floor, a shared backyard and off-street parking. Close to Trinity College and the Maple Avenue shops.",
    photos: [
      {
        kind: "facade",
        seed: 601,
        alt: "Two-family house on Maple Avenue with front porches on both floors",
      },
    ],
    units: [
      {
        unitNumber: "1st Floor",
        bedrooms: 2,
        bathrooms: 1,
        squareFeet: 1000,
        rent: 1595,
        deposit: 1595,
        available: false,
        features: [],
      },
      {
        unitNumber: "2nd Floor",
        bedrooms: 3,
        bathrooms: 1,
        squareFeet: 1150,
        rent: 1795,
        deposit: 1795,
        available: true,
        features: [],
      },
    ],
  },
];
