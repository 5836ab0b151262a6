import { Link } from "react-router";
import { site } from "#domain/site";
import {
  LegalContact,
  LegalDocument,
  type LegalSection,
} from "../features/consent/components/legal-document";
import { rootData, seo } from "../lib/seo";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Terms of Service",
    description: `The rules for using the ${site.name} website: listings information, applications, fair housing and the law that applies.`,
    path: "/terms",
    publicUrl: rootData(matches).publicUrl,
  });

const sections: readonly LegalSection[] = [
  {
    id: "about",
    title: "About these terms",
    body: (
      <p>
        These terms apply to your use of the {site.name} website. By using the site you agree to
        them; if you do not agree, please do not use it. Our{" "}
        <Link to="/privacy">Privacy Policy</Link> explains how we handle your information.
      </p>
    ),
  },
  {
    id: "using-the-site",
    title: "Using the site",
    body: (
      <>
        <p>You may use the site to look for a home, contact us and, as a tenant, send documents.</p>
        <ul>
          <li>Give true information in the forms and documents you send us.</li>
          <li>
            Do not try to break into accounts, interfere with the site, or collect its content
            automatically in bulk.
          </li>
          <li>
            Keep document upload links and sign-in details to yourself: they are personal, and you
            are responsible for what is sent with them.
          </li>
        </ul>
        <p>
          Accounts are created by our staff; the site does not offer public registration. We may
          close an account or block access that breaks these terms.
        </p>
      </>
    ),
  },
  {
    id: "listings",
    title: "Listings information",
    body: (
      <>
        <p>
          We work to keep listings accurate, but availability, rent, deposits, move-in dates,
          amenities and features can change at any time and without notice. Photos and floor details
          may show a similar unit in the same building.
        </p>
        <p>
          A listing is not an offer to rent and does not reserve a home. Only a lease signed by you
          and by us creates a tenancy. Please confirm details with us before you decide.
        </p>
      </>
    ),
  },
  {
    id: "applications",
    title: "Applications",
    body: (
      <p>
        Apply Now opens our rental application on a separate site run by our application service
        provider, under its own terms and privacy notice. Sending an application does not guarantee
        approval: every applicant is reviewed on the same written criteria, as fair housing law
        requires.
      </p>
    ),
  },
  {
    id: "fair-housing",
    title: "Fair housing",
    body: <p>{site.equalHousingStatement}</p>,
  },
  {
    id: "communications",
    title: "Messages and tours",
    body: (
      <p>
        When you contact us, you agree that we may reply by e-mail or phone about your inquiry. Tour
        times are confirmed only when we reply. We do not add you to marketing lists.
      </p>
    ),
  },
  {
    id: "content",
    title: "Our content",
    body: (
      <p>
        The text, photos, logo and design of this site belong to {site.name} or the people who
        licensed them to us. You may view and share listing pages for your own use in looking for a
        home; please do not copy them for commercial use without our written permission.
      </p>
    ),
  },
  {
    id: "other-sites",
    title: "Links to other sites",
    body: (
      <p>
        Links to other sites, including the rental application, are provided for convenience. We are
        not responsible for their content, terms or privacy practices.
      </p>
    ),
  },
  {
    id: "no-warranty",
    title: "No warranty",
    body: (
      <p>
        The site and its information are provided “as is” and “as available”, without warranties of
        any kind, to the fullest extent the law allows. We do not promise that the site will always
        be available or free of errors.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    body: (
      <p>
        To the fullest extent the law allows, {site.name} is not liable for indirect, incidental or
        consequential losses arising from your use of the site or from relying on its information.
        Nothing in these terms limits rights that you have under Connecticut law and cannot give up,
        including your rights as a tenant under your lease.
      </p>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law",
    body: (
      <p>
        These terms are governed by the laws of the State of Connecticut. Any dispute about them
        belongs in the state or federal courts located in Connecticut.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms; the date at the top of the page shows the latest version. Using
        the site after a change means you accept the updated terms.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <>
        <p>Questions about these terms:</p>
        <LegalContact />
      </>
    ),
  },
];

export default function Terms() {
  return (
    <LegalDocument
      title="Terms of Service"
      summary="The rules for using this site, and what our listings do and do not promise."
      sections={sections}
    />
  );
}
