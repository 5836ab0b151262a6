import { Home } from "lucide-react";
import { Link } from "react-router";
import { site } from "#domain/site";
import { useI18n } from "#web/i18n/i18n-provider";

export function Logo({ inverse = false }: { inverse?: boolean }) {
  const { t, path } = useI18n();
  return (
    <Link
      to={path("/")}
      className="flex items-center gap-2 font-bold text-lg"
      aria-label={t("common.logo.label")}
    >
      <span
        className={
          inverse
            ? "inline-flex size-9 items-center justify-center rounded-md bg-white text-primary"
            : "inline-flex size-9 items-center justify-center rounded-md bg-primary text-primary-foreground"
        }
      >
        <Home aria-hidden="true" className="size-5" />
      </span>
      <span>{site.name}</span>
    </Link>
  );
}
