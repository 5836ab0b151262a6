import { Bell, MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type AlertSubscribeInput, alertSubscribeSchema } from "#domain/alerts";
import { alertsApi } from "#domain/api/alerts";
import type { BuildingFilters } from "#domain/listings";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "#web/components/ui/dialog";
import { TextField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";
import { translateMessage } from "#web/i18n/translate-message";
import { QueryProvider, useContractMutation } from "#web/lib/query";
import {
  apiSchemaResolver,
  CriteriaFields,
  criteriaOf,
  type AlertFormValues as Values,
} from "./criteria-fields";

const payloadOf = (values: Values, lang: "en" | "es") => ({
  email: values.email,
  criteria: criteriaOf(values),
  frequency: values.frequency,
  lang,
});

type Props = {
  filters: BuildingFilters;
  towns: string[];
  /** Opened at once: mounted by the stand-in button's press (alert-subscribe.tsx). */
  initiallyOpen?: boolean;
};

/**
 * The dialog of "Get alerts for new homes": an address and criteria, then "check your e-mail".
 * Loaded on demand on the listing pages, which mount no query client of their own.
 */
export function AlertSubscribeDialog(props: Props) {
  return (
    <QueryProvider>
      <SubscribeDialog {...props} />
    </QueryProvider>
  );
}

function SubscribeDialog({ filters, towns, initiallyOpen = false }: Props) {
  const { t, locale } = useI18n();
  const [open, setOpen] = useState(initiallyOpen);
  const defaults: Values = {
    email: "",
    bedroomsMin: filters.beds ? String(filters.beds) : "",
    rentMax: filters.maxRent ? String(filters.maxRent) : "",
    towns: [],
    availableNow: filters.available === true,
    frequency: "instant",
  };
  const form = useForm<Values>({
    resolver: apiSchemaResolver(alertSubscribeSchema, (values) => payloadOf(values, locale)),
    defaultValues: defaults,
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const subscribe = useContractMutation(alertsApi.subscribe, (body: AlertSubscribeInput) => ({
    body,
  }));
  const sent = subscribe.data ? translateMessage(t, subscribe.data.message) : null;

  const onSubmit = form.handleSubmit((values) => subscribe.mutate(payloadOf(values, locale)));

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Opened again after a request: a fresh form, with the page's filters.
    if (!next && sent) {
      subscribe.reset();
      form.reset(defaults);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Bell aria-hidden="true" />
          {t("alerts.subscribe.button")}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t("alerts.subscribe.title")}
        description={sent ? undefined : t("alerts.subscribe.description")}
      >
        {sent ? (
          <div className="grid gap-4" role="status">
            <div className="flex items-start gap-3">
              <MailCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
              <div>
                <p className="font-semibold">{t("alerts.subscribe.sentTitle")}</p>
                <p className="mt-1 text-sm text-muted-foreground">{sent}</p>
              </div>
            </div>
            <DialogClose asChild>
              <Button>{t("alerts.subscribe.done")}</Button>
            </DialogClose>
          </div>
        ) : (
          <form
            onSubmit={onSubmit}
            noValidate
            className="grid gap-4"
            aria-label={t("alerts.subscribe.title")}
          >
            <TextField
              label={t("alerts.form.email")}
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...form.register("email")}
            />
            <CriteriaFields form={form} towns={towns} />
            {/* Alerts match on their own criteria: say so rather than drop a filter silently. */}
            {filters.access || filters.pets || filters.utilities ? (
              <p className="text-sm text-muted-foreground">
                {t("alerts.subscribe.factFiltersIgnored")}
              </p>
            ) : null}
            {subscribe.isError ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {t("alerts.subscribe.failed")}
              </p>
            ) : null}
            <Button type="submit" size="lg" disabled={subscribe.isPending}>
              {subscribe.isPending ? t("alerts.form.sending") : t("alerts.form.submit")}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
