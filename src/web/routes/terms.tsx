import { Link } from "react-router";
import type { Translator } from "#domain/i18n/translator";
import { site } from "#domain/site";
import {
  LegalContact,
  LegalDocument,
  type LegalSection,
} from "../features/consent/components/legal-document";
import { pageMessages } from "../i18n/catalogue.server";
import { useI18n } from "../i18n/i18n-provider";
import { metaI18n } from "../i18n/meta";
import { Rich } from "../i18n/rich";
import { rootData, seo } from "../lib/seo";
import type { Route } from "./+types/terms";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["terms"]);
}

export const meta: Route.MetaFunction = (args) => {
  const { t, locale } = metaI18n(args);
  return seo({
    title: t("terms.title"),
    description: t("terms.meta.description", { siteName: site.name }),
    path: "/terms",
    locale,
    publicUrl: rootData(args.matches).publicUrl,
  });
};

/** The terms' sections in the page's language: each paragraph and list item is one message. */
function termsSections({ t, path }: Translator): readonly LegalSection[] {
  return [
    {
      id: "about",
      title: t("terms.about.title"),
      body: (
        <p>
          <Rich
            id="terms.about.body"
            values={{ siteName: site.name }}
            elements={{ link: <Link to={path("/privacy")} /> }}
          />
        </p>
      ),
    },
    {
      id: "using-the-site",
      title: t("terms.use.title"),
      body: (
        <>
          <p>{t("terms.use.intro")}</p>
          <ul>
            {(["truth", "abuse", "links"] as const).map((item) => (
              <li key={item}>{t(`terms.use.${item}`)}</li>
            ))}
          </ul>
          <p>{t("terms.use.accounts")}</p>
        </>
      ),
    },
    {
      id: "listings",
      title: t("terms.listings.title"),
      body: (
        <>
          <p>{t("terms.listings.accuracy")}</p>
          <p>{t("terms.listings.notAnOffer")}</p>
        </>
      ),
    },
    {
      id: "applications",
      title: t("terms.applications.title"),
      body: <p>{t("terms.applications.body")}</p>,
    },
    {
      id: "fair-housing",
      title: t("terms.fairHousing.title"),
      body: <p>{t("common.footer.equalHousingStatement")}</p>,
    },
    {
      id: "communications",
      title: t("terms.messages.title"),
      body: <p>{t("terms.messages.body")}</p>,
    },
    {
      id: "content",
      title: t("terms.content.title"),
      body: <p>{t("terms.content.body", { siteName: site.name })}</p>,
    },
    {
      id: "other-sites",
      title: t("terms.otherSites.title"),
      body: <p>{t("terms.otherSites.body")}</p>,
    },
    {
      id: "no-warranty",
      title: t("terms.noWarranty.title"),
      body: <p>{t("terms.noWarranty.body")}</p>,
    },
    {
      id: "liability",
      title: t("terms.liability.title"),
      body: <p>{t("terms.liability.body", { siteName: site.name })}</p>,
    },
    {
      id: "governing-law",
      title: t("terms.law.title"),
      body: <p>{t("terms.law.body")}</p>,
    },
    {
      id: "changes",
      title: t("terms.changes.title"),
      body: <p>{t("terms.changes.body")}</p>,
    },
    {
      id: "contact",
      title: t("terms.contact.title"),
      body: (
        <>
          <p>{t("terms.contact.intro")}</p>
          <LegalContact />
        </>
      ),
    },
  ];
}

export default function Terms() {
  const translator = useI18n();
  const { t } = translator;
  return (
    <LegalDocument
      title={t("terms.title")}
      summary={t("terms.summary")}
      sections={termsSections(translator)}
    />
  );
}
