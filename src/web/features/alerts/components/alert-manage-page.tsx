import { BellOff, BellRing, Pause, Play } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { type AlertSubscription, type AlertUpdate, alertUpdateSchema } from "#domain/alerts";
import { alertsApi } from "#domain/api/alerts";
import { criteriaText, frequencyText } from "#domain/i18n/alert-text";
import { StatePanel } from "#web/components/layout/state-panel";
import { Badge } from "#web/components/ui/badge";
import { Button, buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";
import { translateMessage } from "#web/i18n/translate-message";
import { useContractMutation } from "#web/lib/query";
import {
  type AlertFormValues,
  apiSchemaResolver,
  CriteriaFields,
  criteriaOf,
} from "./criteria-fields";

const valuesOf = (subscription: AlertSubscription): AlertFormValues => ({
  email: subscription.email,
  bedroomsMin: subscription.criteria.bedroomsMin ? String(subscription.criteria.bedroomsMin) : "",
  rentMax: subscription.criteria.rentMax ? String(subscription.criteria.rentMax) : "",
  towns: subscription.criteria.towns ?? [],
  availableNow: subscription.criteria.availableNow === true,
  frequency: subscription.frequency,
});

const resolver = apiSchemaResolver(alertUpdateSchema, (values) => ({
  criteria: criteriaOf(values),
  frequency: values.frequency,
}));

type Notice = { tone: "status" | "alert"; text: string };

/**
 * The manage page of a listing alert (the link in every alert e-mail): what it looks for, a
 * form to change it, pause or resume, and unsubscribe. No sign-in: the link is the key.
 */
export function AlertManagePage({ token, initial }: { token: string; initial: AlertSubscription }) {
  const i18n = useI18n();
  const { t, path } = i18n;
  const [subscription, setSubscription] = useState(initial);
  const [notice, setNotice] = useState<Notice | null>(null);
  const form = useForm<AlertFormValues>({
    resolver,
    defaultValues: valuesOf(initial),
    mode: "onTouched",
  });
  const save = useContractMutation(alertsApi.update, (body: AlertUpdate) => ({
    params: { token },
    body,
  }));
  const stop = useContractMutation(alertsApi.unsubscribe, (_: undefined) => ({
    params: { token },
  }));
  const busy = save.isPending || stop.isPending;
  const gone = stop.isSuccess;

  /** One call to the API; the page says how it went (`work` answers the words, translated). */
  async function act(work: () => Promise<string>) {
    setNotice(null);
    try {
      setNotice({ tone: "status", text: await work() });
    } catch {
      setNotice({ tone: "alert", text: t("alerts.manage.failed") });
    }
  }

  const update = (body: AlertUpdate, said: string) =>
    act(async () => {
      const next = await save.mutateAsync(body);
      setSubscription(next);
      form.reset(valuesOf(next));
      return said;
    });

  const onSubmit = form.handleSubmit((values) =>
    update({ criteria: criteriaOf(values), frequency: values.frequency }, t("form.alerts.updated")),
  );

  const unsubscribe = () =>
    act(async () => translateMessage(t, (await stop.mutateAsync(undefined)).message));

  if (gone) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        <StatePanel
          headingLevel={1}
          icon={BellOff}
          title={t("alerts.manage.unsubscribedHeading")}
          message={notice?.text ?? ""}
        >
          <Link to={path("/properties")} className={buttonVariants()}>
            {t("alerts.confirm.browse")}
          </Link>
        </StatePanel>
      </div>
    );
  }

  const paused = subscription.status === "paused";
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-12 sm:px-6">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("alerts.manage.heading")}</h1>
        <p className="mt-2 text-muted-foreground">
          {t("alerts.manage.for", { email: subscription.email })}
        </p>
      </div>

      <p
        role={notice?.tone ?? "status"}
        className={
          notice?.tone === "alert" ? "font-medium text-destructive" : "font-medium text-primary"
        }
      >
        {notice?.text ?? ""}
      </p>

      <section aria-labelledby="alert-current" className="rounded-lg border border-border p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="alert-current" className="text-lg font-bold">
            {t("alerts.manage.current")}
          </h2>
          <Badge variant={paused ? "secondary" : "default"}>
            <span className="sr-only">{t("alerts.manage.status.label")}: </span>
            {t(`alerts.manage.status.${paused ? "paused" : "active"}`)}
          </Badge>
        </div>
        <p className="mt-3 font-semibold">{criteriaText(i18n, subscription.criteria)}</p>
        <p className="mt-1 text-muted-foreground">{frequencyText(i18n, subscription.frequency)}</p>
        <Button
          variant="outline"
          className="mt-4"
          disabled={busy}
          onClick={() =>
            update({ paused: !paused }, t(paused ? "form.alerts.resumed" : "form.alerts.paused"))
          }
        >
          {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
          {t(paused ? "alerts.manage.resume" : "alerts.manage.pause")}
        </Button>
      </section>

      <section aria-labelledby="alert-change" className="rounded-lg border border-border p-5">
        <h2 id="alert-change" className="mb-4 text-lg font-bold">
          {t("alerts.manage.change")}
        </h2>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <CriteriaFields form={form} towns={subscription.towns} />
          <Button type="submit" disabled={busy} className="justify-self-start">
            <BellRing aria-hidden="true" />
            {busy ? t("alerts.manage.saving") : t("alerts.manage.save")}
          </Button>
        </form>
      </section>

      <section aria-labelledby="alert-stop" className="rounded-lg border border-border p-5">
        <h2 id="alert-stop" className="text-lg font-bold">
          {t("alerts.manage.stop")}
        </h2>
        <p className="mt-2 text-muted-foreground">{t("alerts.manage.stopText")}</p>
        <Button variant="destructive" className="mt-4" disabled={busy} onClick={unsubscribe}>
          <BellOff aria-hidden="true" />
          {t("alerts.manage.unsubscribe")}
        </Button>
      </section>
    </div>
  );
}
