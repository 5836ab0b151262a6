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
import { rootData, seo } from "../lib/seo";
import { cn } from "../lib/utils";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Services",
    description: `How ${site.name} helps renters find a home and owners fill and care for their buildings in ${site.city}.`,
    path: "/services",
    publicUrl: rootData(matches).publicUrl,
  });

const services = [
  {
    icon: Search,
    title: "Rental Search",
    text: "Up-to-date listings of our apartments, condos, lofts and homes, with real availability and rents.",
  },
  {
    icon: Camera,
    title: "Professional Marketing",
    text: "Photos, descriptions and listings that reach qualified renters quickly for the owners we work with.",
  },
  {
    icon: ClipboardCheck,
    title: "Tenant Screening",
    text: "Fair, consistent application review that follows Connecticut and federal fair housing law.",
  },
  {
    icon: Wrench,
    title: "Property Care",
    text: "Responsive maintenance and regular inspections that keep homes safe and in good repair.",
  },
] as const;

const reasons = [
  {
    icon: Users,
    title: "Local Team",
    text: "We live and work in Greater Hartford and know every building we rent.",
  },
  {
    icon: Clock,
    title: "Quick Replies",
    text: `We answer every message within one business day, usually much sooner.`,
  },
  {
    icon: ShieldCheck,
    title: "Fair Housing",
    text: "Every applicant gets the same clear process and the same respect.",
  },
  {
    icon: Award,
    title: "Well-Kept Homes",
    text: "Affordable rents without cutting corners on safety or upkeep.",
  },
] as const;

const steps = [
  {
    icon: Search,
    title: "Browse Properties",
    text: "See our buildings and the units available now.",
  },
  {
    icon: MessageSquare,
    title: "Contact Us",
    text: "Ask a question or schedule a tour of a unit you like.",
  },
  {
    icon: Home,
    title: "View & Apply",
    text: "Visit in person, then apply online in a few minutes.",
  },
  { icon: KeyRound, title: "Move In", text: "Sign your lease, pick up your keys and settle in." },
] as const;

export default function Services() {
  return (
    <>
      <section className="bg-gradient-to-br from-primary to-[#0f2e1e] text-primary-foreground">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Our Services</h1>
          <p className="mt-4 max-w-2xl text-lg text-white/90">
            From your first search to move-in day, and for as long as you live with us.
          </p>
        </div>
      </section>

      <section
        aria-labelledby="what-heading"
        className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8"
      >
        <h2 id="what-heading" className="text-3xl font-bold tracking-tight">
          What We Do
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {services.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-border p-6">
              <Icon aria-hidden="true" className="size-8 text-primary" />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="why-heading" className="bg-muted">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 id="why-heading" className="text-3xl font-bold tracking-tight">
            Why Choose Us
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {reasons.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-lg bg-background p-6 shadow-sm">
                <Icon aria-hidden="true" className="size-8 text-accent" />
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
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
          How It Works
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="relative rounded-lg border border-border p-6">
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                {i + 1}
              </span>
              <Icon
                aria-hidden="true"
                className="absolute right-6 top-6 size-6 text-muted-foreground"
              />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
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
            Ready to get started?
          </h2>
          <div className="flex flex-wrap gap-4">
            <Link to="/properties" className={buttonVariants({ variant: "inverse", size: "lg" })}>
              Browse Properties
            </Link>
            <Link
              to="/contact"
              className={cn(
                buttonVariants({ variant: "outline", size: "lg" }),
                "text-white hover:bg-white/10",
              )}
            >
              Contact Us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
