import { BellRing } from "lucide-react";
import { data, Link } from "react-router";
import { buttonVariants } from "../components/ui/button";
import { criteriaText, frequencyText } from "../features/alerts/alert-text";
import { AlertLinkInvalid } from "../features/alerts/components/alert-link-invalid";
import { pageMessages } from "../i18n/catalogue.server";
import { useI18n } from "../i18n/i18n-provider";
import { metaI18n } from "../i18n/meta";
import { privatePageMeta } from "../lib/meta";
import type { Route } from "./+types/alert-confirm";

/**
 * The confirmation link of listing alerts: opening it confirms (a second visit shows the same),
 * and the page says what the renter will hear about. A link unknown or past its 7 days is a 404
 * page that offers to ask again.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const words = pageMessages(request, ["alerts"]);
  const subscription = await context.services.alerts.confirm(params.token);
  return data({ ...words, subscription }, { status: subscription ? 200 : 404 });
}

// A personal link: never in search results.
export const meta: Route.MetaFunction = (args) =>
  privatePageMeta(metaI18n(args).t("alerts.confirm.meta.title"));

export default function AlertConfirm({ loaderData }: Route.ComponentProps) {
  const i18n = useI18n();
  const { t, path } = i18n;
  const { subscription } = loaderData;
  if (!subscription) return <AlertLinkInvalid />;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <section className="rounded-lg border border-border p-6 sm:p-8">
        <BellRing aria-hidden="true" className="size-10 text-primary" />
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight">
          {t("alerts.confirm.heading")}
        </h1>
        <p className="mt-4">{t("alerts.confirm.body", { email: subscription.email })}</p>
        <p className="mt-2 text-lg font-semibold">{criteriaText(i18n, subscription.criteria)}</p>
        <p className="mt-2 text-muted-foreground">{frequencyText(i18n, subscription.frequency)}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={path("/properties")} className={buttonVariants()}>
            {t("alerts.confirm.browse")}
          </Link>
          <Link
            to={path(`/alerts/manage/${subscription.manageToken}`)}
            className={buttonVariants({ variant: "outline" })}
          >
            {t("alerts.confirm.manage")}
          </Link>
        </div>
      </section>
    </div>
  );
}
