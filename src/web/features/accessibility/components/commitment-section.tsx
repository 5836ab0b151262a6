import { CircleCheck } from "lucide-react";
import { site } from "#domain/site";
import { useI18n } from "#web/i18n/i18n-provider";

/** The commitments, each the catalogue's `accessibility.commitment.<id>`. */
const commitments = ["wcag", "testing", "accommodations"] as const;

export function CommitmentSection() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="commitment-heading" className="grid gap-6 lg:grid-cols-2">
      <div>
        <h2 id="commitment-heading" className="text-3xl font-bold tracking-tight">
          {t("accessibility.commitment.heading")}
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">
          {t("accessibility.commitment.text", { name: site.name })}
        </p>
      </div>
      <ul className="grid gap-4">
        {commitments.map((id) => (
          <li key={id} className="flex gap-3">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
            <span>{t(`accessibility.commitment.${id}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
