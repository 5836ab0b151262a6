import {
  Award,
  Camera,
  ClipboardCheck,
  Clock,
  Home,
  KeyRound,
  MessageSquare,
  Search,
  ShieldCheck,
  Users,
  Wrench,
} from "lucide-react";
import { Link } from "react-router";
import { site } from "#domain/site";
import { buttonVariants } from "../components/ui/button";
import { pageMessages } from "../i18n/catalogue.server";
import { useI18n } from "../i18n/i18n-provider";
import { metaI18n } from "../i18n/meta";
import { rootData, seo } from "../lib/seo";
import { cn } from "../lib/utils";
import type { Route } from "./+types/services";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["services"]);
}

export const meta: Route.MetaFunction = (args) => {
  const { t, locale } = metaI18n(args);
  return seo({
    title: t("services.meta.title"),
    description: t("services.meta.description", { siteName: site.name, city: site.city }),
    path: "/services",
    locale,
    publicUrl: rootData(args.matches).publicUrl,
  });
};

/** Each card's words are `services.<section>.<key>.title` and `.text` in the catalogue. */
const services = [
  { icon: Search, key: "what.search" },
  { icon: Camera, key: "what.marketing" },
  { icon: ClipboardCheck, key: "what.screening" },
  { icon: Wrench, key: "what.care" },
] as const;

const reasons = [
  { icon: Users, key: "why.local" },
  { icon: Clock, key: "why.quick" },
  { icon: ShieldCheck, key: "why.fair" },
  { icon: Award, key: "why.kept" },
] as const;

const steps = [
  { icon: Search, key: "how.browse" },
  { icon: MessageSquare, key: "how.contact" },
  { icon: Home, key: "how.apply" },
  { icon: KeyRound, key: "how.move" },
] as const;

export default function Services() {
  const { t, path } = useI18n();
  return (
    <>
      <section className="bg-gradient-to-br from-primary to-[#0f2e1e] text-primary-foreground">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            {t("services.hero.title")}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-white/90">{t("services.hero.text")}</p>
        </div>
      </section>

      <section
        aria-labelledby="what-heading"
        className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8"
      >
        <h2 id="what-heading" className="text-3xl font-bold tracking-tight">
          {t("services.what.title")}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {services.map(({ icon: Icon, key }) => (
            <li key={key} className="rounded-lg border border-border p-6">
              <Icon aria-hidden="true" className="size-8 text-primary" />
              <h3 className="mt-4 text-lg font-semibold">{t(`services.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(`services.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="why-heading" className="bg-muted">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 id="why-heading" className="text-3xl font-bold tracking-tight">
            {t("services.why.title")}
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {reasons.map(({ icon: Icon, key }) => (
              <li key={key} className="rounded-lg bg-background p-6 shadow-sm">
                <Icon aria-hidden="true" className="size-8 text-accent" />
                <h3 className="mt-4 text-lg font-semibold">{t(`services.${key}.title`)}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{t(`services.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="how-heading"
        className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8"
      >
        <h2 id="how-heading" className="text-3xl font-bold tracking-tight">
          {t("services.how.title")}
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map(({ icon: Icon, key }, i) => (
            <li key={key} className="relative rounded-lg border border-border p-6">
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                {i + 1}
              </span>
              <Icon
                aria-hidden="true"
                className="absolute right-6 top-6 size-6 text-muted-foreground"
              />
              <h3 className="mt-4 text-lg font-semibold">{t(`services.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(`services.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section
        aria-labelledby="services-cta-heading"
        className="bg-primary text-primary-foreground"
      >
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-12 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <h2 id="services-cta-heading" className="text-2xl font-bold">
            {t("services.cta.title")}
          </h2>
          <div className="flex flex-wrap gap-4">
            <Link
              to={path("/properties")}
              className={buttonVariants({ variant: "inverse", size: "lg" })}
            >
              {t("services.cta.browse")}
            </Link>
            <Link
              to={path("/contact")}
              className={cn(
                buttonVariants({ variant: "outline", size: "lg" }),
                "text-white hover:bg-white/10",
              )}
            >
              {t("services.cta.contact")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
