import { useMutation } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { applicationsApi } from "#domain/api/applications";
import {
  APPLICATION_HOMES_MAX,
  APPLICATION_INCOMES_MAX,
  type ApplicantDraft,
  type ApplicantView,
  draftProblems,
  type HouseholdDraft,
  incomeSources,
} from "#domain/applications";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import {
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
} from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";
import { ApiError, request } from "#web/lib/api-client";
import { applicationErrorText } from "../application-api";
import { OtherAdults } from "./other-adults";

/** How long after the last keystroke the draft is saved. */
const SAVE_AFTER_MS = 1200;

type Home = NonNullable<ApplicantDraft["homes"]>[number];
type Income = NonNullable<ApplicantDraft["income"]>[number];
type SaveState = "idle" | "saving" | "saved" | "failed";

const numberOrNull = (value: string) => (value.trim() === "" ? null : Number(value));

/**
 * The applicant's own part (and, for the first applicant, the household): saved as they type
 * (a second after they stop, and when they leave a field), checked with the API's own schema
 * before it is submitted, each missing answer marked beside its field and listed above the
 * button. The server checks it again; its refusals are marked the same way.
 */
export function ApplicationForm({
  token,
  view,
  onView,
}: {
  token: string;
  view: ApplicantView;
  onView: (view: ApplicantView) => void;
}) {
  const { t } = useI18n();
  const [part, setPart] = useState<ApplicantDraft>(view.part);
  const [household, setHousehold] = useState<HouseholdDraft>(view.household ?? {});
  const [problems, setProblems] = useState<{ path: string; message: string }[]>([]);
  const [saveState, setSaveState] = useState<SaveState>("idle");
  const first = view.applicant.primary;
  const latest = useRef({ part, household });
  latest.current = { part, household };
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const summary = useRef<HTMLElement>(null);
  const summaryId = useId();

  const save = useMutation({
    mutationFn: () =>
      request(applicationsApi.save, {
        params: { token },
        body: {
          part: latest.current.part,
          ...(first ? { household: latest.current.household } : {}),
        },
      }),
    onMutate: () => setSaveState("saving"),
    // Answers typed while it was on its way wait for their own save.
    onSuccess: () => setSaveState(timer.current ? "idle" : "saved"),
    onError: () => setSaveState("failed"),
  });
  const submit = useMutation({
    mutationFn: () => request(applicationsApi.submit, { params: { token } }),
    onSuccess: onView,
    onError: (error) => {
      if (error instanceof ApiError && error.details.length > 0) {
        showProblems(error.details.map((d) => ({ path: d.path, message: d.msg })));
      }
    },
  });

  /** Saves now (what a timer would have saved); true when the draft is saved. */
  const flush = async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    return save.mutateAsync().then(
      () => true,
      () => false,
    );
  };
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  // Leaving the page (another tab, the phone's home screen, closing it) saves what waits.
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden" && timer.current) void flushRef.current();
    };
    document.addEventListener("visibilitychange", onHide);
    return () => document.removeEventListener("visibilitychange", onHide);
  }, []);

  const later = () => {
    // "Saved" is said only of the latest answers.
    setSaveState("idle");
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), SAVE_AFTER_MS);
  };
  const changePart = (next: ApplicantDraft) => {
    setPart(next);
    latest.current = { ...latest.current, part: next };
    later();
  };
  const changeHousehold = (next: HouseholdDraft) => {
    setHousehold(next);
    latest.current = { ...latest.current, household: next };
    later();
  };
  const showProblems = (found: { path: string; message: string }[]) => {
    setProblems(found);
    requestAnimationFrame(() => summary.current?.focus());
  };
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    // The empty row of the current home is checked as a home: its fields are marked.
    const found = draftProblems(
      { part: { ...part, homes: part.homes?.length ? part.homes : [{}] }, household },
      { withHousehold: first },
    );
    if (found.length > 0) {
      showProblems(found);
      void flush();
      return;
    }
    setProblems([]);
    if (await flush()) submit.mutate();
  };

  const errorAt = (path: string) => {
    const problem = problems.find((p) => p.path === path);
    return problem ? applicationErrorText(t, problem.message) : undefined;
  };
  // The current home is asked for: the list starts with its empty row.
  const homes: Home[] = part.homes?.length ? part.homes : [{}];
  const incomes = part.income ?? [];
  const setHome = (i: number, change: Partial<Home>) =>
    changePart({ ...part, homes: homes.map((h, j) => (j === i ? { ...h, ...change } : h)) });
  const setIncome = (i: number, change: Partial<Income>) =>
    changePart({ ...part, income: incomes.map((h, j) => (j === i ? { ...h, ...change } : h)) });
  const onBlur = () => {
    if (timer.current) void flush();
  };

  return (
    <form noValidate onSubmit={onSubmit} onBlur={onBlur} className="grid gap-6">
      <Section title={t("apply.you.heading")}>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium">{t("apply.you.name")}</dt>
            <dd>{view.applicant.name}</dd>
          </div>
          <div>
            <dt className="font-medium">{t("apply.you.email")}</dt>
            <dd className="break-all">{view.applicant.email}</dd>
          </div>
        </dl>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("apply.you.phone")}
            type="tel"
            autoComplete="tel"
            value={part.phone ?? ""}
            maxLength={30}
            error={errorAt("part.phone")}
            onChange={(e) => changePart({ ...part, phone: e.target.value })}
          />
          <TextField
            label={t("apply.you.dateOfBirth")}
            type="date"
            autoComplete="bday"
            value={part.dateOfBirth ?? ""}
            hint={t("apply.you.dateOfBirthHint")}
            error={errorAt("part.dateOfBirth")}
            onChange={(e) => changePart({ ...part, dateOfBirth: e.target.value })}
          />
        </div>
      </Section>

      <Section title={t("apply.homes.heading")} hint={t("apply.homes.hint")}>
        {errorAt("part.homes") ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errorAt("part.homes")}
          </p>
        ) : null}
        {homes.map((home, i) => (
          <fieldset
            // Rows have no id of their own; their place is their identity while the page is open.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            className="grid gap-4 rounded-md border border-border p-4 sm:grid-cols-2"
          >
            <legend className="px-1 font-semibold">{t("apply.homes.legend", { n: i + 1 })}</legend>
            <TextField
              className="sm:col-span-2"
              label={t("apply.homes.address")}
              autoComplete={i === 0 ? "street-address" : "off"}
              value={home.address ?? ""}
              maxLength={200}
              error={errorAt(`part.homes.${i}.address`)}
              onChange={(e) => setHome(i, { address: e.target.value })}
            />
            <TextField
              label={t("apply.homes.from")}
              placeholder="YYYY-MM"
              inputMode="numeric"
              value={home.from ?? ""}
              maxLength={7}
              hint={t("apply.homes.monthHint")}
              error={errorAt(`part.homes.${i}.from`)}
              onChange={(e) => setHome(i, { from: e.target.value })}
            />
            <TextField
              label={t("apply.homes.to")}
              placeholder="YYYY-MM"
              inputMode="numeric"
              value={home.to ?? ""}
              maxLength={7}
              error={errorAt(`part.homes.${i}.to`)}
              onChange={(e) => setHome(i, { to: e.target.value })}
            />
            <TextField
              label={t("apply.homes.monthlyRent")}
              type="number"
              min={0}
              inputMode="numeric"
              value={home.monthlyRent ?? ""}
              error={errorAt(`part.homes.${i}.monthlyRent`)}
              onChange={(e) => setHome(i, { monthlyRent: numberOrNull(e.target.value) })}
            />
            <TextField
              label={t("apply.homes.landlordName")}
              value={home.landlordName ?? ""}
              maxLength={100}
              onChange={(e) => setHome(i, { landlordName: e.target.value })}
            />
            <TextField
              label={t("apply.homes.landlordPhone")}
              type="tel"
              value={home.landlordPhone ?? ""}
              maxLength={30}
              error={errorAt(`part.homes.${i}.landlordPhone`)}
              onChange={(e) => setHome(i, { landlordPhone: e.target.value })}
            />
            {homes.length > 1 ? (
              <div className="sm:col-span-2">
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => changePart({ ...part, homes: homes.filter((_, j) => j !== i) })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t("apply.homes.remove", { n: i + 1 })}
                </Button>
              </div>
            ) : null}
          </fieldset>
        ))}
        {homes.length < APPLICATION_HOMES_MAX ? (
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={() => changePart({ ...part, homes: [...homes, {}] })}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t("apply.homes.add")}
            </Button>
          </div>
        ) : null}
      </Section>

      <Section title={t("apply.income.heading")} hint={t("apply.income.hint")}>
        {incomes.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("apply.income.none")}</p>
        ) : null}
        {incomes.map((income, i) => (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are known by their place
            key={i}
            className="grid gap-4 rounded-md border border-border p-4 sm:grid-cols-2"
          >
            <legend className="px-1 font-semibold">{t("apply.income.legend", { n: i + 1 })}</legend>
            <SelectField
              label={t("apply.income.source")}
              value={income.source ?? ""}
              error={errorAt(`part.income.${i}.source`)}
              onChange={(e) =>
                setIncome(i, {
                  source: (e.target.value || undefined) as Income["source"],
                })
              }
            >
              <option value="">{t("apply.income.choose")}</option>
              {incomeSources.map((source) => (
                <option key={source} value={source}>
                  {t(`apply.source.${source}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t("apply.income.monthlyAmount")}
              type="number"
              min={0}
              inputMode="numeric"
              value={income.monthlyAmount ?? ""}
              error={errorAt(`part.income.${i}.monthlyAmount`)}
              onChange={(e) => setIncome(i, { monthlyAmount: numberOrNull(e.target.value) })}
            />
            <TextField
              className="sm:col-span-2"
              label={t("apply.income.detail")}
              value={income.detail ?? ""}
              maxLength={200}
              onChange={(e) => setIncome(i, { detail: e.target.value })}
            />
            <div className="sm:col-span-2">
              <Button
                type="button"
                variant="outline"
                onClick={() => changePart({ ...part, income: incomes.filter((_, j) => j !== i) })}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t("apply.income.remove", { n: i + 1 })}
              </Button>
            </div>
          </fieldset>
        ))}
        {incomes.length < APPLICATION_INCOMES_MAX ? (
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={() => changePart({ ...part, income: [...incomes, {}] })}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t("apply.income.add")}
            </Button>
          </div>
        ) : null}
      </Section>

      {first ? (
        <Section title={t("apply.household.heading")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("apply.household.children")}
              type="number"
              min={0}
              max={20}
              inputMode="numeric"
              value={household.children ?? ""}
              error={errorAt("household.children")}
              onChange={(e) =>
                changeHousehold({ ...household, children: numberOrNull(e.target.value) })
              }
            />
            <TextField
              label={t("apply.household.moveIn")}
              type="date"
              value={household.moveIn ?? ""}
              error={errorAt("household.moveIn")}
              onChange={(e) => changeHousehold({ ...household, moveIn: e.target.value })}
            />
            <TextField
              className="sm:col-span-2"
              label={t("apply.household.pets")}
              value={household.pets ?? ""}
              maxLength={500}
              error={errorAt("household.pets")}
              onChange={(e) => changeHousehold({ ...household, pets: e.target.value })}
            />
            <TextAreaField
              className="sm:col-span-2"
              label={t("apply.household.accommodations")}
              hint={t("apply.household.accommodationsHint")}
              value={household.accommodations ?? ""}
              maxLength={2000}
              error={errorAt("household.accommodations")}
              onChange={(e) => changeHousehold({ ...household, accommodations: e.target.value })}
            />
          </div>
          <OtherAdults token={token} view={view} onView={onView} />
        </Section>
      ) : null}

      <Section title={t("apply.consent.heading")}>
        <p className="text-sm leading-relaxed">{t("apply.consent.text")}</p>
        <div className="grid gap-1.5">
          <CheckboxField
            label={t("apply.consent.agree")}
            checked={part.consent === true}
            aria-invalid={errorAt("part.consent") ? true : undefined}
            onChange={(e) => changePart({ ...part, consent: e.target.checked })}
          />
          {errorAt("part.consent") ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errorAt("part.consent")}
            </p>
          ) : null}
        </div>
        <TextField
          label={t("apply.consent.signature")}
          autoComplete="name"
          value={part.signature ?? ""}
          maxLength={100}
          error={errorAt("part.signature")}
          onChange={(e) => changePart({ ...part, signature: e.target.value })}
        />
      </Section>

      {problems.length > 0 ? (
        <section
          ref={summary}
          tabIndex={-1}
          aria-labelledby={summaryId}
          className="rounded-md border border-destructive p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <h2 id={summaryId} className="font-semibold">
            {t("apply.problems")}
          </h2>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {problems.map((p) => (
              <li key={`${p.path}:${p.message}`}>{applicationErrorText(t, p.message)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {submit.error && !(submit.error instanceof ApiError && submit.error.details.length > 0) ? (
        <p role="alert" className="font-medium text-destructive">
          {applicationErrorText(t, submit.error.message)}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={submit.isPending}>
          {first ? t("apply.submit") : t("apply.submitPart")}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={save.isPending}
          onClick={() => void flush()}
        >
          {t("apply.save")}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {saveState === "saving"
            ? t("apply.saving")
            : saveState === "saved"
              ? t("apply.saved")
              : saveState === "failed"
                ? t("apply.saveFailed")
                : ""}
        </p>
      </div>
    </form>
  );
}

function Section({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <Card aria-labelledby={id} className="grid gap-4 p-4 sm:p-6" role="group">
      <div className="grid gap-1">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      </div>
      {children}
    </Card>
  );
}
