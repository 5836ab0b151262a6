import { data, Link, useActionData } from "react-router";
import { DATA_RETENTION_YEARS } from "#domain/consent";
import { DATA_RETENTION_DAYS } from "#domain/constants";
import { formatNumber } from "#domain/i18n/intl-formats";
import type { Translator } from "#domain/i18n/translator";
import { localeFromPath } from "#domain/locale";
import { retention, retentionKinds, retentionPeriod } from "#domain/retention";
import { site } from "#domain/site";
import { ConsentChoicePanel } from "../features/consent/components/consent-choice-panel";
import {
  LegalContact,
  LegalDocument,
  type LegalSection,
} from "../features/consent/components/legal-document";
import {
  PrivacyRequestForm,
  type PrivacyRequestResult,
} from "../features/privacy/components/privacy-request-form";
import {
  privacyRequestFields,
  readPrivacyRequest,
} from "../features/privacy/privacy-request-input";
import { pageMessages } from "../i18n/catalogue.server";
import { useI18n } from "../i18n/i18n-provider";
import { metaI18n } from "../i18n/meta";
import { Rich } from "../i18n/rich";
import { checkThenSend, formValues } from "../lib/plain-form";
import { rootData, seo } from "../lib/seo";
import type { Route } from "./+types/privacy";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["privacy"]);
}

/**
 * "Ask for your data", sent as a plain form (no JavaScript yet, or none): checked with the API's
 * schema and asked as POST /api/privacy/requests does, with the same answer whatever the address.
 * The page's POST has the API route's limit per client (http/web.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const checked = await readPrivacyRequest(
    await request.formData(),
    localeFromPath(new URL(request.url).pathname),
  );
  if (!checked.ok) return data(checked.result, { status: 400 });
  await context.services.privacyRequests.ask(checked.input);
  const { privacyRequestMessages } = await import("#domain/privacy");
  return { sent: true, message: privacyRequestMessages.checkEmail } satisfies PrivacyRequestResult;
}

/** In the browser, the form is checked before it is sent; a refusal on the way is said on it. */
export function clientAction(args: Route.ClientActionArgs) {
  const lang = localeFromPath(new URL(args.request.url).pathname);
  return checkThenSend<PrivacyRequestResult>(
    args,
    (form) => readPrivacyRequest(form, lang),
    (message, form) => ({
      sent: false,
      errors: { form: message },
      values: formValues(form, privacyRequestFields),
    }),
  );
}

export const meta: Route.MetaFunction = (args) => {
  const { t, locale } = metaI18n(args);
  return seo({
    title: t("privacy.title"),
    description: t("privacy.meta.description", {
      siteName: site.name,
      years: DATA_RETENTION_YEARS,
    }),
    path: "/privacy",
    locale,
    publicUrl: rootData(args.matches).publicUrl,
  });
};

const strong = { strong: <strong /> };

/** The policy's sections in the page's language: each paragraph and list item is one message. */
function privacySections(
  { t, path, intl }: Translator,
  asked: PrivacyRequestResult | undefined,
): readonly LegalSection[] {
  // A retention period in words: "2 years", "180 days", "7 días".
  const periodText = (days: number) => {
    const { unit, count } = retentionPeriod(days);
    return t(`privacy.retention.${unit}`, { count });
  };
  return [
    {
      id: "who-we-are",
      title: t("privacy.whoWeAre.title"),
      body: <p>{t("privacy.whoWeAre.body", { siteName: site.name, city: site.city })}</p>,
    },
    {
      id: "what-we-collect",
      title: t("privacy.collect.title"),
      body: (
        <>
          <ul>
            {(["inquiries", "alerts", "staff", "documents", "technical"] as const).map((item) => (
              <li key={item}>
                <Rich id={`privacy.collect.${item}`} elements={strong} />
              </li>
            ))}
          </ul>
          <p>{t("privacy.collect.minimum")}</p>
        </>
      ),
    },
    {
      id: "how-we-use-it",
      title: t("privacy.use.title"),
      body: (
        <ul>
          {(["answer", "alerts", "manage", "secure", "legal"] as const).map((item) => (
            <li key={item}>{t(`privacy.use.${item}`)}</li>
          ))}
        </ul>
      ),
    },
    {
      id: "cookies-and-storage",
      title: t("privacy.cookies.title"),
      body: (
        <>
          <p>{t("privacy.cookies.intro")}</p>
          <ul>
            {(["consent", "accessibility", "notifications", "session"] as const).map((item) => (
              <li key={item}>{t(`privacy.cookies.${item}`)}</li>
            ))}
          </ul>
          <p>{t("privacy.cookies.banner")}</p>
          <ConsentChoicePanel />
        </>
      ),
    },
    {
      id: "how-long-we-keep-it",
      title: t("privacy.retention.title"),
      body: (
        <>
          <p>
            {t("privacy.retention.period", {
              years: DATA_RETENTION_YEARS,
              days: formatNumber(DATA_RETENTION_DAYS, intl),
            })}
          </p>
          <p>{t("privacy.retention.list")}</p>
          <ul>
            {retentionKinds.map((kind) => (
              <li key={kind}>
                {t(`privacy.retention.kind.${kind}`, {
                  period: periodText(retention[kind].days),
                })}
              </li>
            ))}
          </ul>
          <p>{t("privacy.retention.serverLogs")}</p>
        </>
      ),
    },
    {
      id: "sharing",
      title: t("privacy.sharing.title"),
      body: (
        <>
          <p>{t("privacy.sharing.noSale")}</p>
          <ul>
            {(["providers", "owners", "authorities"] as const).map((item) => (
              <li key={item}>
                <Rich id={`privacy.sharing.${item}`} elements={strong} />
              </li>
            ))}
          </ul>
        </>
      ),
    },
    {
      id: "security",
      title: t("privacy.security.title"),
      body: (
        <ul>
          {(["https", "staff", "links", "passwords"] as const).map((item) => (
            <li key={item}>{t(`privacy.security.${item}`)}</li>
          ))}
        </ul>
      ),
    },
    {
      id: "your-rights",
      title: t("privacy.rights.title"),
      body: (
        <>
          <p>{t("privacy.rights.request")}</p>
          <p>
            <Rich
              id="privacy.rights.how"
              values={{ email: site.email, phone: site.phone }}
              elements={{
                email: <a href={`mailto:${site.email}`}>{site.email}</a>,
                phone: <a href={site.phoneHref}>{site.phone}</a>,
              }}
            />
          </p>
          <PrivacyRequestForm result={asked} />
        </>
      ),
    },
    {
      id: "fair-housing",
      title: t("privacy.fairHousing.title"),
      body: (
        <p>
          {t("privacy.fairHousing.body", {
            statement: t("common.footer.equalHousingStatement"),
          })}
        </p>
      ),
    },
    {
      id: "children",
      title: t("privacy.children.title"),
      body: <p>{t("privacy.children.body")}</p>,
    },
    {
      id: "changes",
      title: t("privacy.changes.title"),
      body: (
        <p>
          <Rich id="privacy.changes.body" elements={{ link: <Link to={path("/terms")} /> }} />
        </p>
      ),
    },
    {
      id: "contact",
      title: t("privacy.contact.title"),
      body: (
        <>
          <p>{t("privacy.contact.intro")}</p>
          <LegalContact />
        </>
      ),
    },
  ];
}

export default function Privacy() {
  // The answer of "Ask for your data", once sent.
  const asked = useActionData<PrivacyRequestResult>();
  const translator = useI18n();
  const { t } = translator;
  return (
    <LegalDocument
      title={t("privacy.title")}
      summary={t("privacy.summary")}
      sections={privacySections(translator, asked)}
    />
  );
}
