import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { officeAddressLine, site } from "#domain/site";
import { useI18n } from "#web/i18n/i18n-provider";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";
import { footerLinks, type NavItem } from "./nav-links";

function LinkColumn({ title, links }: { title: string; links: readonly NavItem[] }) {
  const { t, path } = useI18n();
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.message}>
            <Link to={path(link.to)} className="hover:text-white hover:underline">
              {t(link.message)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const { t } = useI18n();
  const year = new Date().getFullYear();
  return (
    <footer className="bg-footer text-footer-foreground">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-5 lg:px-8">
        <div className="space-y-4 lg:col-span-2">
          <div className="text-white">
            <Logo inverse />
          </div>
          <p className="max-w-sm text-sm">{t("common.meta.tagline")}</p>
          <ul className="space-y-2 text-sm">
            <li className="flex items-start gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                {t("common.footer.city")}
                <span className="sr-only">: </span>
                <span className="block text-footer-foreground/90">{officeAddressLine}</span>
              </span>
            </li>
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 shrink-0" />
              <span>{site.phone}</span>
            </li>
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <span>{site.email}</span>
            </li>
          </ul>
        </div>
        <LinkColumn title={t("common.footer.quickLinks")} links={footerLinks.quickLinks} />
        <LinkColumn title={t("common.footer.forRenters")} links={footerLinks.forRenters} />
        <LinkColumn title={t("common.footer.legal")} links={footerLinks.legal} />
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs sm:px-6 lg:px-8">
          <p className="flex items-start gap-2">
            <EqualHousingIcon />
            <span>
              <strong className="font-semibold text-white">
                {t("common.footer.equalHousing")}
              </strong>{" "}
              {t("common.footer.equalHousingStatement")}
            </span>
          </p>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>{t("common.footer.copyright", { year })}</p>
            <LanguageSwitch className="text-footer-foreground hover:text-white" />
          </div>
        </div>
      </div>
    </footer>
  );
}

function EqualHousingIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="mt-0.5 size-6 shrink-0 fill-current">
      <path d="M12 2 1 10h3v12h16V10h3L12 2zm5 18H7v-9.5l5-3.6 5 3.6V20zM9 12h6v2H9zm0 3h6v2H9z" />
    </svg>
  );
}
