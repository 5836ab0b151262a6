import { Link } from "react-router";
import { DATA_RETENTION_YEARS } from "#domain/consent";
import { DATA_RETENTION_DAYS } from "#domain/constants";
import { site } from "#domain/site";
import { ConsentChoicePanel } from "../features/consent/components/consent-choice-panel";
import {
  LegalContact,
  LegalDocument,
  type LegalSection,
} from "../features/consent/components/legal-document";
import { rootData, seo } from "../lib/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Privacy Policy",
    description: `What ${site.name} collects through this site, why, how long it is kept (${DATA_RETENTION_YEARS} years from your last activity) and how to reach us about your information.`,
    path: "/privacy",
    publicUrl: rootData(matches).publicUrl,
  });

const sections: readonly LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <p>
        {site.name} is a residential rental agency in {site.city}. This policy explains what
        personal information we collect through this website, the forms on it and the document links
        we send to tenants, what we do with it, and the choices you have. It does not cover the
        external rental application site, which has its own privacy notice.
      </p>
    ),
  },
  {
    id: "what-we-collect",
    title: "What we collect",
    body: (
      <>
        <ul>
          <li>
            <strong>Inquiries.</strong> When you use the contact form or ask about a home or a tour,
            we receive your name, e-mail address, phone number (if you give it), your message and
            the building or unit you asked about.
          </li>
          <li>
            <strong>Staff accounts.</strong> Our team signs in with an e-mail address, a name and a
            password, which we store only in a scrambled (hashed) form.
          </li>
          <li>
            <strong>Tenant documents.</strong> Tenants upload documents we ask for through a
            personal link we e-mail them: leases, proof of identity, and photos and descriptions for
            maintenance requests, with the file name, size and upload date.
          </li>
          <li>
            <strong>Technical information.</strong> Our servers record basic details of each
            request, such as the IP address, the browser type, the page asked for and the time, to
            keep the site secure and working.
          </li>
        </ul>
        <p>
          We do not ask for more than we need. Please do not send sensitive information, such as a
          Social Security number, through the contact form.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use-it",
    title: "How we use it",
    body: (
      <ul>
        <li>To answer your questions, schedule viewings and follow up on your inquiry.</li>
        <li>To manage leases, tenant files and maintenance requests.</li>
        <li>To keep the site, our accounts and your documents secure, and to prevent abuse.</li>
        <li>To meet our legal, accounting and fair housing obligations.</li>
      </ul>
    ),
  },
  {
    id: "cookies-and-storage",
    title: "Cookies and browser storage",
    body: (
      <>
        <p>
          We use no advertising or third-party tracking cookies, and no analytics service follows
          you across sites. This site keeps a few things in your own browser's storage, where they
          stay until you clear them:
        </p>
        <ul>
          <li>your answer to the privacy banner;</li>
          <li>your accessibility settings, such as text size, colour scheme and motion;</li>
          <li>your in-app notifications and notification preferences;</li>
          <li>for staff, the sign-in session.</li>
        </ul>
        <p>
          Accept All keeps your answer in this browser, and the banner does not ask again. Decline
          and the close button hide the banner for the current browser session only, and it asks
          again on your next visit.
        </p>
        <ConsentChoicePanel />
      </>
    ),
  },
  {
    id: "how-long-we-keep-it",
    title: "How long we keep it",
    body: (
      <>
        <p>
          We keep personal information for {DATA_RETENTION_YEARS} years ({DATA_RETENTION_DAYS} days)
          from your last activity with us, such as your last message, sign-in or upload, and then
          delete it.
        </p>
        <p>
          Tenant documents are kept for as long as the tenancy and the law require, and then
          deleted. Server records of requests are kept for a short time only, for security.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who we share it with",
    body: (
      <>
        <p>We do not sell or rent your personal information, and we do not use it for ads.</p>
        <ul>
          <li>
            <strong>Service providers</strong> who host this site and deliver our e-mail, under
            contracts that let them use your information only to provide that service.
          </li>
          <li>
            <strong>Building owners</strong> we manage homes for, only what they need for an
            application, a lease or a repair at their building.
          </li>
          <li>
            <strong>Authorities</strong>, when the law, a court order or the safety of people or
            property requires it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "security",
    title: "How we protect it",
    body: (
      <ul>
        <li>Every page and upload travels over an encrypted (HTTPS) connection.</li>
        <li>Only our staff, signed in to their own accounts, can see inquiries and documents.</li>
        <li>
          Document upload links are personal and expire; staff download files through links that
          last only minutes.
        </li>
        <li>Passwords are stored hashed, never as written.</li>
      </ul>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <>
        <p>
          You may ask us to confirm whether we hold information about you, to see a copy, to correct
          it or to delete it. Where the Connecticut Data Privacy Act (CTDPA) applies to us,
          Connecticut residents also have the rights it gives, including to opt out of the sale of
          personal data and of targeted advertising; we do neither.
        </p>
        <p>
          Write to <a href={`mailto:${site.email}`}>{site.email}</a> or call{" "}
          <a href={site.phoneHref}>{site.phone}</a>. We confirm who you are before acting, answer
          within 45 days, and will not treat you differently for asking. If we turn a request down,
          you may ask us to reconsider, and you may contact the Connecticut Attorney General.
        </p>
      </>
    ),
  },
  {
    id: "fair-housing",
    title: "Fair housing",
    body: <p>We never use personal information to discriminate. {site.equalHousingStatement}</p>,
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        This site is meant for adults looking for a home. We do not knowingly collect information
        from children under 13; if you believe a child has sent us some, contact us and we will
        delete it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        When we change this policy we update the date at the top of the page. If a change affects
        what you agreed to, the privacy banner asks you again. Our{" "}
        <Link to="/terms">Terms of Service</Link> explain the rules for using the site.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <>
        <p>Questions about this policy or your information:</p>
        <LegalContact />
      </>
    ),
  },
];

export default function Privacy() {
  return (
    <LegalDocument
      title="Privacy Policy"
      summary="What we collect, why we collect it, how long we keep it, and the choices you have."
      sections={sections}
    />
  );
}
