import { Home } from "lucide-react";
import { Link } from "react-router";
import { site } from "#domain/site";

export function Logo({ inverse = false }: { inverse?: boolean }) {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 font-bold text-lg"
      aria-label={`${site.name}, home`}
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
