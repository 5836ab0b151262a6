import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import {
  createRoutesStub,
  data,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
} from "react-router";
import { describe, expect, it } from "vitest";
import { formatRent } from "#domain/i18n/intl-formats";
import { createTranslator } from "#domain/i18n/translator";
import { defaultUnitDescription } from "#domain/listing-format";
import type { Building, Unit } from "#domain/listings";
import { officeDay } from "#domain/locale";
import { noUnitFacts } from "#domain/unit-facts";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { namespaces, ROOT_NAMESPACES } from "#web/i18n/namespaces";
import { meta as buildingMeta } from "../../routes/building";
import UnitPage, { ErrorBoundary as UnitError, meta as unitMeta } from "../../routes/unit";
import { BuildingCard } from "./components/building-card";
import { BuildingFilters } from "./components/building-filters";
import { UnitTable } from "./components/unit-table";
import {
  availabilityText,
  descriptionText,
  generatedUnitDescription,
  localizePhotos,
} from "./listing-text";

const english = createTranslator("en", messagesFor("en", namespaces));
const spanish = createTranslator("es", messagesFor("es", namespaces));

function inSpanish(children: ReactNode) {
  return <I18nProvider translator={spanish}>{children}</I18nProvider>;
}

function withRouter(element: ReactNode, path = "/") {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return <Stub initialEntries={[path]} />;
}

const building: Building = {
  id: 1,
  name: "Pearl Street Lofts",
  type: "loft",
  address: "12 Pearl Street",
  city: "Hartford",
  state: "CT",
  zipCode: "06103",
  hasVacancy: true,
  images: ["/x.webp"],
  photos: [
    {
      url: "/x.webp",
      srcSet: "",
      width: 1200,
      height: 800,
      alt: "Pearl Street Lofts, photo 1 of 2",
    },
    { url: "/y.webp", srcSet: "", width: 1200, height: 800, alt: "Brick front" },
  ],
  amenities: ["Heating", "Elevator", "Rooftop deck", "Dishwasher", "Pet Friendly"],
  yearBuilt: 1920,
  availableUnits: 2,
  totalUnits: 4,
  rentFrom: 1850,
  featured: true,
  description: "Lofts in a former mill.",
  descriptionEs: null,
};

describe("the listing words", () => {
  it("format rents in the page's locale", () => {
    expect(formatRent(1850, "en-US")).toBe("$1,850");
    expect(formatRent(1850, "es-US")).toBe("$1,850");
  });

  it("say when a unit is available in each language", () => {
    const later = { available: true, availableFrom: "2999-12-05" };
    expect(availabilityText(english, later)).toBe("From Dec 5, 2999");
    expect(availabilityText(spanish, later)).toBe("Desde el 5 de diciembre de 2999");
    expect(availabilityText(spanish, { available: false, availableFrom: null })).toBe("Alquilado");
    expect(availabilityText(english, { available: true, availableFrom: null })).toBe(
      "Available now",
    );
  });

  it("show the Spanish description, else the English one marked as English", () => {
    expect(descriptionText("en", { description: "Nice", descriptionEs: "Bonito" })).toEqual({
      text: "Nice",
    });
    expect(descriptionText("es", { description: "Nice", descriptionEs: "Bonito" })).toEqual({
      text: "Bonito",
    });
    expect(descriptionText("es", { description: "Nice", descriptionEs: null })).toEqual({
      text: "Nice",
      lang: "en",
    });
  });

  it("give the server's generated unit description in the page's language", () => {
    const facts = {
      bedrooms: 2,
      bathrooms: 1,
      type: "apartment",
      address: "88 Asylum Avenue",
      city: "Hartford",
    };
    const generated = generatedUnitDescription(spanish, facts);
    expect(generated.english).toBe(defaultUnitDescription(facts));
    expect(generatedUnitDescription(english, facts).localized).toBe(defaultUnitDescription(facts));
    expect(
      descriptionText(
        "es",
        { description: defaultUnitDescription(facts), descriptionEs: null },
        generated,
      ),
    ).toEqual({
      text: "Vivienda tipo apartamento de 2 dormitorios y 1 baño en 88 Asylum Avenue, en Hartford. Bien mantenida y administrada de forma profesional. Contáctenos para programar una visita o preguntar por las fechas de mudanza.",
    });
  });

  it("translate generated alt texts and keep those staff wrote", () => {
    const photos = localizePhotos(spanish, building.photos, building.name, building.name);
    expect(photos.map((p) => p.alt)).toEqual(["Pearl Street Lofts, foto 1 de 2", "Brick front"]);
    expect(localizePhotos(english, building.photos, building.name, building.name)).toEqual(
      building.photos,
    );
  });
});

describe("BuildingCard", () => {
  it("reads as before in English", () => {
    render(withRouter(<BuildingCard building={building} />));
    const card = screen.getByRole("article");
    expect(card).toHaveTextContent("2 of 4 units available · from $1,850/month");
    expect(within(card).getByRole("link", { name: "Pearl Street Lofts" })).toHaveAttribute(
      "href",
      "/buildings/1",
    );
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Heating", "Elevator", "Rooftop deck", "+2 more"]);
    expect(within(card).getByText("Loft")).toBeInTheDocument();
    expect(within(card).getByText("Featured")).toBeInTheDocument();
  });

  it("speaks Spanish on a Spanish page, with Spanish links", () => {
    render(inSpanish(withRouter(<BuildingCard building={building} />, "/es/properties")));
    const card = screen.getByRole("article");
    expect(card).toHaveTextContent("2 de 4 unidades disponibles · desde $1,850 al mes");
    expect(within(card).getByRole("link", { name: "Pearl Street Lofts" })).toHaveAttribute(
      "href",
      "/es/buildings/1",
    );
    const amenities = within(card).getByRole("list", { name: "Comodidades" });
    const items = within(amenities).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "Calefacción",
      "Elevador",
      "Rooftop deck",
      "+2 más",
    ]);
    // An amenity staff typed stays in English, and says so.
    expect(items[2]).toHaveAttribute("lang", "en");
    expect(items[0]).not.toHaveAttribute("lang");
    expect(within(card).getByText("Destacado")).toBeInTheDocument();
    expect(within(card).getByText("Disponible")).toBeInTheDocument();
    expect(within(card).getByRole("img")).toHaveAttribute("alt", "Pearl Street Lofts, foto 1 de 2");
  });
});

describe("BuildingFilters", () => {
  it("keeps the query's names in Spanish", () => {
    render(
      inSpanish(withRouter(<BuildingFilters filters={{ beds: 2 }} />, "/es/properties?beds=2")),
    );
    expect(screen.getByLabelText("Dormitorios")).toHaveAttribute("name", "beds");
    expect(screen.getByLabelText("Alquiler máximo")).toHaveAttribute("name", "maxRent");
    expect(screen.getByLabelText("Disponible ahora")).toHaveAttribute("name", "available");
    expect(screen.getByLabelText("Accesibilidad")).toHaveAttribute("name", "access");
    expect(screen.getByLabelText("Mascotas")).toHaveAttribute("name", "pets");
    expect(screen.getByLabelText("Servicios incluidos")).toHaveAttribute("name", "utilities");
    expect(
      screen.getByRole("option", { name: "Entrada sin escalones" }) as HTMLOptionElement,
    ).toHaveValue("step-free");
    expect(
      screen.getByRole("option", { name: "Se admiten mascotas" }) as HTMLOptionElement,
    ).toHaveValue("allowed");
    expect(screen.getByRole("option", { name: "Calefacción" }) as HTMLOptionElement).toHaveValue(
      "heat",
    );
    expect(screen.getByRole("option", { name: "2+ dormitorios" })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "$1,800 al mes" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Borrar filtros" })).toHaveAttribute(
      "href",
      "/es/properties",
    );
  });
});

describe("UnitTable", () => {
  const units = [
    {
      id: 7,
      unitNumber: "3A",
      bedrooms: 0,
      bathrooms: 1.5,
      squareFeet: 600,
      rent: 1200,
      available: true,
      availableFrom: null,
    },
  ];

  it("reads as before in English", () => {
    render(withRouter(<UnitTable units={units} />));
    const row = screen.getAllByRole("row")[1]!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Studio", "1.5 baths", "$1,200/month", "Available now"]);
    expect(within(row).getByRole("link", { name: "Unit 3A" })).toHaveAttribute(
      "href",
      "/properties/7",
    );
  });

  it("speaks Spanish on a Spanish page", () => {
    render(inSpanish(withRouter(<UnitTable units={units} />, "/es/buildings/1")));
    expect(screen.getByRole("table", { name: "Unidades de este edificio" })).toBeInTheDocument();
    const row = screen.getAllByRole("row")[1]!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Estudio", "1.5 baños", "$1,200 al mes", "Disponible ahora"]);
    expect(within(row).getByRole("link", { name: "Unidad 3A" })).toHaveAttribute(
      "href",
      "/es/properties/7",
    );
  });
});

const unit: Unit & { descriptionEs: string | null } = {
  id: 7,
  unitNumber: "3A",
  bedrooms: 2,
  bathrooms: 1,
  squareFeet: 1250,
  rent: 1850,
  available: true,
  availableFrom: null,
  title: "Pearl Street Lofts, Unit 3A",
  type: "loft",
  address: "12 Pearl Street",
  city: "Hartford",
  state: "CT",
  zipCode: "06103",
  featured: false,
  images: ["/x.webp"],
  photos: [
    {
      url: "/x.webp",
      srcSet: "",
      width: 1200,
      height: 800,
      alt: "Pearl Street Lofts, Unit 3A, photo 1 of 1",
    },
  ],
  description: "Sunny corner unit.",
  descriptionEs: null,
  amenities: ["Dishwasher"],
  deposit: 1850,
  building: { id: 1, name: "Pearl Street Lofts" },
  ...noUnitFacts,
  availabilityConfirmedAt: "2026-11-20T15:00:00.000Z",
};

/** What the unit page's loader gives, read on the server. */
const unitPageData = (value: Unit, thisYear = "2026") => ({
  unit: value,
  confirmedOn: officeDay(new Date(value.availabilityConfirmedAt)),
  thisYear,
});

describe("the unit page in Spanish", () => {
  it("shows the unit in Spanish, with the English description marked as English", async () => {
    const Stub = createRoutesStub([
      { path: "/es/properties/:id", Component: UnitPage, loader: () => unitPageData(unit) },
    ]);
    render(inSpanish(<Stub initialEntries={["/es/properties/7"]} />));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Pearl Street Lofts, unidad 3A" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Sunny corner unit.")).toHaveAttribute("lang", "en");
    expect(screen.getByText("1,250 pies cuadrados")).toBeInTheDocument();
    expect(screen.getByText("Depósito de seguridad: $1,850")).toBeInTheDocument();
    expect(screen.getByText("2 dormitorios")).toBeInTheDocument();
    expect(screen.getByText("Lavaplatos")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Más sobre Pearl Street Lofts" })).toHaveAttribute(
      "href",
      "/es/buildings/1",
    );
    expect(screen.getByRole("link", { name: /Solicitar ahora/ })).toHaveAttribute(
      "target",
      "_blank",
    );
    expect(screen.getByRole("img")).toHaveAttribute(
      "alt",
      "Pearl Street Lofts, unidad 3A, foto 1 de 1",
    );
  });

  it("shows the Spanish description when there is one", async () => {
    const Stub = createRoutesStub([
      {
        path: "/es/properties/:id",
        Component: UnitPage,
        loader: () => unitPageData({ ...unit, descriptionEs: "Unidad esquinera y soleada." }),
      },
    ]);
    render(inSpanish(<Stub initialEntries={["/es/properties/7"]} />));
    const text = await screen.findByText("Unidad esquinera y soleada.");
    expect(text).not.toHaveAttribute("lang");
    expect(screen.queryByText("Sunny corner unit.")).toBeNull();
  });

  it("says 'Unidad no encontrada' with the words its failed loader sent", async () => {
    // Only the shell's words are loaded: the listings' come with the error.
    const shell = createTranslator("es", messagesFor("es", ROOT_NAMESPACES));
    const Stub = createRoutesStub([
      {
        path: "/es/properties/:id",
        Component: UnitPage,
        ErrorBoundary: UnitError,
        loader: () => {
          throw data(
            { message: "Unit not found", locale: "es", messages: messagesFor("es", ["listings"]) },
            { status: 404 },
          );
        },
      },
    ]);
    render(
      <I18nProvider translator={shell}>
        <Stub initialEntries={["/es/properties/999"]} />
      </I18nProvider>,
    );
    expect(
      await screen.findByRole("heading", { name: "Unidad no encontrada" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Volver a las unidades disponibles" })).toHaveAttribute(
      "href",
      "/es/properties",
    );
  });
});

describe("the unit's facts", () => {
  const withFacts: typeof unit = {
    ...unit,
    accessibilityFeatures: ["step-free-entrance", "grab-bars"],
    utilitiesIncluded: ["heat", "hot-water"],
    pets: "cats",
    petDeposit: 200,
    parking: "garage",
    parkingFee: 60,
    laundry: "in-building",
    smoking: "not-allowed",
    leaseTerms: ["month-to-month", "12-months"],
    vouchersWelcome: true,
  };
  const page = (value: typeof unit, path: string, thisYear = "2026") =>
    createRoutesStub([
      {
        path,
        Component: UnitPage,
        loader: () => unitPageData(value, thisYear),
      },
    ]);

  it("lists them on the unit page in English, with the confirmed date", async () => {
    const Stub = page(withFacts, "/properties/:id");
    render(
      <I18nProvider translator={english}>
        <Stub initialEntries={["/properties/7"]} />
      </I18nProvider>,
    );
    const section = await screen.findByRole("region", { name: "Home details" });
    const accessibility = within(section).getByRole("heading", { name: "Accessibility" });
    expect(accessibility.nextElementSibling?.textContent).toBe("Step-free entranceGrab bars");
    const rows = within(section)
      .getAllByRole("term")
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      "Utilities included: Heat and hot water",
      "Pets: Cats allowed, pet deposit $200",
      "Parking: Garage parking, $60/month",
      "Laundry: In the building",
      "Smoking: No smoking",
      "Lease terms: Month to month and 12 months",
    ]);
    expect(screen.getByText("Housing choice vouchers welcome")).toBeInTheDocument();
    // The parking staff stated replaces the site's usual line.
    expect(screen.queryByText("1 Parking Space")).toBeNull();
    expect(screen.getByText("Garage parking")).toBeInTheDocument();
    expect(screen.getByText("Availability confirmed Nov 20")).toBeInTheDocument();
  });

  it("gives the year of a confirmation made in another year", async () => {
    const Stub = page(withFacts, "/properties/:id", "2027");
    render(
      <I18nProvider translator={english}>
        <Stub initialEntries={["/properties/7"]} />
      </I18nProvider>,
    );
    expect(await screen.findByText("Availability confirmed Nov 20, 2026")).toBeInTheDocument();
  });

  it("lists them in Spanish", async () => {
    const Stub = page(withFacts, "/es/properties/:id");
    render(inSpanish(<Stub initialEntries={["/es/properties/7"]} />));
    const section = await screen.findByRole("region", { name: "Detalles de la vivienda" });
    expect(within(section).getByText("Entrada sin escalones")).toBeInTheDocument();
    expect(within(section).getByText("Calefacción y agua caliente")).toBeInTheDocument();
    expect(
      within(section).getByText("Se admiten gatos, depósito por mascota de $200"),
    ).toBeInTheDocument();
    expect(screen.getByText("Disponibilidad confirmada el 20 de noviembre")).toBeInTheDocument();
  });

  it("says nothing of facts not stated, and keeps the usual parking line", async () => {
    const Stub = page(unit, "/properties/:id");
    render(
      <I18nProvider translator={english}>
        <Stub initialEntries={["/properties/7"]} />
      </I18nProvider>,
    );
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("region", { name: "Home details" })).toBeNull();
    expect(screen.getByText("1 Parking Space")).toBeInTheDocument();
    expect(screen.queryByText("Housing choice vouchers welcome")).toBeNull();
  });

  it("puts them in the unit's structured data", () => {
    const loaderData = { locale: "en", messages: messagesFor("en", ["listings"]), unit: withFacts };
    const tags = unitMeta({
      matches: [
        { id: "root", data: { publicUrl: "https://rent.test", locale: "en", messages: {} } },
        { id: "routes/unit", data: loaderData, loaderData },
      ],
      location: { pathname: "/properties/7" },
      loaderData,
    } as never) as Record<string, unknown>[];
    const ld = tags.find((tag) => "script:ld+json" in tag)?.["script:ld+json"] as Record<
      string,
      unknown
    >;
    const feature = (name: string, value: unknown) => ({
      "@type": "LocationFeatureSpecification",
      name,
      value,
    });
    expect(ld.amenityFeature).toEqual(
      expect.arrayContaining([
        feature("Step-free entrance", true),
        feature("Grab bars", true),
        feature("Utilities included", "Heat and hot water"),
        feature("Housing choice vouchers welcome", true),
      ]),
    );
    expect(ld.petsAllowed).toBe("Cats allowed");
    expect(ld.smokingAllowed).toBe(false);
    expect(ld.leaseLength).toEqual([
      { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
      { "@type": "QuantitativeValue", value: 12, unitCode: "MON" },
    ]);
  });
});

describe("the listing pages' meta in Spanish", () => {
  const root = {
    id: "root",
    data: {
      publicUrl: "https://rent.test",
      locale: "es",
      messages: messagesFor("es", ROOT_NAMESPACES),
    },
  };
  const words = { locale: "es", messages: messagesFor("es", ["listings"]) };
  type Tag = Record<string, unknown>;
  const find = (tags: Tag[], key: string) => tags.find((tag) => key in tag);

  it("titles and describes a building in Spanish, with Spanish structured data", () => {
    const detail = { ...building, descriptionEs: "Lofts en un antiguo molino.", units: [] };
    const loaderData = { ...words, building: detail };
    const tags = buildingMeta({
      matches: [root, { id: "routes/building", data: loaderData, loaderData }],
      location: { pathname: "/es/buildings/1" },
      loaderData,
    } as never) as Tag[];
    expect(find(tags, "title")?.title).toBe("Pearl Street Lofts, Hartford | Charter Oak Rentals");
    expect(tags.find((tag) => tag.name === "description")?.content).toBe(
      "Loft en 12 Pearl Street, Hartford, CT 06103. 2 de 4 unidades disponibles. Lofts en un antiguo molino.",
    );
    const ld = find(tags, "script:ld+json")?.["script:ld+json"] as Record<string, unknown>;
    expect(ld.description).toBe("Lofts en un antiguo molino.");
    expect(ld.url).toBe("https://rent.test/es/buildings/1");
    expect(ld.amenityFeature).toContainEqual({
      "@type": "LocationFeatureSpecification",
      name: "Calefacción",
      value: true,
    });
  });

  it("describes a unit as before in English", () => {
    const loaderData = { locale: "en", messages: messagesFor("en", ["listings"]), unit };
    const tags = unitMeta({
      matches: [
        { id: "root", data: { publicUrl: "", locale: "en", messages: {} } },
        { id: "routes/unit", data: loaderData, loaderData },
      ],
      location: { pathname: "/properties/7" },
      loaderData,
    } as never) as Tag[];
    expect(find(tags, "title")?.title).toBe("Pearl Street Lofts, Unit 3A | Charter Oak Rentals");
    expect(tags.find((tag) => tag.name === "description")?.content).toBe(
      "2 bedrooms, 1 bath loft for $1,850/month at 12 Pearl Street, Hartford, CT 06103. Available now.",
    );
  });

  it("titles a missing unit in Spanish from the words its error carries", () => {
    const tags = unitMeta({
      matches: [root, { id: "routes/unit", data: undefined }],
      location: { pathname: "/es/properties/999" },
      loaderData: undefined,
      error: new ErrorResponseImpl(404, "Not Found", { message: "Unit not found", ...words }),
    } as never) as Tag[];
    expect(find(tags, "title")?.title).toBe("Unidad no encontrada | Charter Oak Rentals");
  });
});
