import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { applicationsApi } from "#domain/api/applications";
import {
  type AdminApplicationDetail,
  type ApplicationDecision,
  type ApplicationStatus,
  applicationDecisionSchema,
  applicationOfferSchema,
  type DecisionReason,
  decisionReasons,
  needsLeadPaintDisclosure,
} from "#domain/applications";
import { formatRent } from "#domain/i18n/intl-formats";
import type { z } from "#domain/zod";
import { LoadFailed } from "#web/components/load-failed";
import { Badge } from "#web/components/ui/badge";
import { Button, buttonVariants } from "#web/components/ui/button";
import {
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
} from "#web/components/ui/form-field";
import { ApiError } from "#web/lib/api-client";
import { formatDateTime } from "#web/lib/format-date-time";
import { contractQuery, useContractMutation } from "#web/lib/query";
import { cn } from "#web/lib/utils";
import {
  applicationSourceLabels,
  applicationStatusLabels,
  applicationStepLabels,
  decisionReasonLabels,
  incomeSourceLabels,
} from "./application-words";

const money = (amount: number) => formatRent(amount, "en-US");
type Errors = Record<string, string>;

/** A refusal's field messages by path (the server's details), or its message on `form`. */
function errorsOf(error: unknown): Errors {
  if (error instanceof ApiError && error.details.length > 0) {
    return Object.fromEntries(error.details.map((d) => [d.path, d.msg]));
  }
  return { form: error instanceof Error ? error.message : "Could not save." };
}

const issuesOf = (issues: { path: PropertyKey[]; message: string }[]): Errors =>
  Object.fromEntries(issues.map((issue) => [issue.path.join("."), issue.message]));

/** One application whole, in the Applications tab's panel: read when staff open it. */
export function ApplicationDetail({ id }: { id: string }) {
  const detail = useQuery(contractQuery(applicationsApi.get, { params: { id } }));
  if (detail.isError) return <LoadFailed title="Could not load the application." query={detail} />;
  if (detail.isPending) return <p className="text-muted-foreground">Loading the application...</p>;
  const application = detail.data;
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{applicationStatusLabels[application.status]}</Badge>
          <span className="text-sm text-muted-foreground">
            {applicationSourceLabels[application.source]}{" "}
            <time dateTime={application.createdAt}>{formatDateTime(application.createdAt)}</time>
            {application.submittedAt ? (
              <>
                {" · submitted "}
                <time dateTime={application.submittedAt}>
                  {formatDateTime(application.submittedAt)}
                </time>
              </>
            ) : null}
          </span>
        </p>
        <p className="font-medium">{application.place}</p>
        {application.unit ? (
          <p className="text-sm text-muted-foreground">
            {application.unit.address} · rent {money(application.unit.rent)} · built{" "}
            {application.unit.yearBuilt ?? "year unknown"}
          </p>
        ) : null}
      </div>
      {application.paperFormPath ? (
        <div role="note" className="grid gap-2 rounded-md border border-border p-3 text-sm">
          <p>
            Entered from paper and not submitted yet: type the paper's answers into its form and
            submit it there. Keep the signed paper with the renter's documents.
          </p>
          <a
            href={application.paperFormPath}
            target="_blank"
            rel="noopener"
            className={cn(buttonVariants({ variant: "secondary", size: "sm" }), "w-fit")}
          >
            Open the application form
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      ) : null}
      {application.duplicates.length > 0 ? (
        <div role="note" className="rounded-md border border-destructive p-3 text-sm">
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert aria-hidden="true" className="size-4 text-destructive" />
            Possible duplicate: the same address, or an adult of the same name and date of birth
          </p>
          <ul className="mt-1 list-disc pl-5">
            {application.duplicates.map((d) => (
              <li key={d.id}>
                {d.place}, {applicationStatusLabels[d.status]}, {formatDateTime(d.createdAt)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Household application={application} />
      <Adults application={application} />
      <Decision application={application} />
      {application.status === "approved" ? <Offer application={application} /> : null}
      {application.notices.length > 0 ? (
        <section aria-labelledby={`${id}-notices`} className="grid gap-2">
          <h3 id={`${id}-notices`} className="font-semibold">
            Adverse-action notices sent
          </h3>
          {application.notices.map((notice) => (
            <div key={notice.id} className="rounded-md border border-border p-3 text-sm">
              <p className="font-medium">
                {notice.agencyName},{" "}
                <time dateTime={notice.sentAt}>{formatDateTime(notice.sentAt)}</time>
              </p>
              <p className="mt-1 whitespace-pre-line">{notice.body}</p>
            </div>
          ))}
        </section>
      ) : null}
    </div>
  );
}

function Household({ application }: { application: AdminApplicationDetail }) {
  const { household, income } = application;
  return (
    <section aria-labelledby={`${application.id}-household`} className="grid gap-2 text-sm">
      <h3 id={`${application.id}-household`} className="font-semibold">
        Household and income
      </h3>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
        <dt className="font-medium">Adults</dt>
        <dd>{application.adults}</dd>
        <dt className="font-medium">Children</dt>
        <dd>{household.children ?? "Not given"}</dd>
        <dt className="font-medium">Pets</dt>
        <dd>{household.pets || "None given"}</dd>
        <dt className="font-medium">Move-in</dt>
        <dd>{household.moveIn || "Not given"}</dd>
        <dt className="font-medium">Accommodation asked</dt>
        <dd className="whitespace-pre-line">{household.accommodations || "None"}</dd>
        <dt className="font-medium">Monthly income</dt>
        <dd>
          {money(income.monthly)}
          {income.vouchers > 0 ? `, of which housing vouchers ${money(income.vouchers)}` : ""}
        </dd>
        <dt className="font-medium">Tenant's share of the rent</dt>
        <dd>
          {income.tenantShare === null ? "No rent known" : money(income.tenantShare)}
          <span className="block text-muted-foreground">
            An income test looks at this share only: a voucher is income like any other (CGS
            46a-64c).
          </span>
        </dd>
      </dl>
    </section>
  );
}

function Adults({ application }: { application: AdminApplicationDetail }) {
  return (
    <section aria-labelledby={`${application.id}-adults`} className="grid gap-3 text-sm">
      <h3 id={`${application.id}-adults`} className="font-semibold">
        Adults
      </h3>
      {application.applicants.map((adult) => (
        <div key={adult.id} className="grid gap-1 rounded-md border border-border p-3">
          <p className="font-medium">
            {adult.name} {adult.primary ? <Badge variant="muted">First applicant</Badge> : null}
          </p>
          <p className="break-all text-muted-foreground">
            {adult.email} · {adult.part.phone || "no phone"} ·{" "}
            {adult.age === null ? "age not given" : `age ${adult.age}`} ·{" "}
            {adult.lang === "es" ? "Spanish" : "English"}
          </p>
          <p>
            {adult.submittedAt
              ? `Submitted and consented to screening ${formatDateTime(adult.submittedAt)}`
              : "Not submitted yet"}
          </p>
          {(adult.part.homes ?? []).map((home, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a part's homes are known by their place
            <p key={i}>
              Home: {home.address || "(no address)"}, {home.from || "?"} to {home.to || "now"}
              {home.monthlyRent ? `, rent ${money(home.monthlyRent)}` : ""}
              {home.landlordName
                ? `, landlord ${home.landlordName} ${home.landlordPhone ?? ""}`
                : ""}
            </p>
          ))}
          {(adult.part.income ?? []).map((income, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a part's incomes are known by their place
            <p key={i}>
              Income: {income.source ? incomeSourceLabels[income.source] : "(no source)"}
              {income.detail ? ` (${income.detail})` : ""}, {money(income.monthlyAmount ?? 0)} a
              month
            </p>
          ))}
        </div>
      ))}
    </section>
  );
}

/**
 * The next step: one of the steps allowed from where the application stands. Screening may
 * record the screening fee (at most the year's cap); a denial needs a reason; a decision that
 * rests on a screening report needs the screening company's facts for the adverse-action notice.
 */
function Decision({ application }: { application: AdminApplicationDetail }) {
  const [status, setStatus] = useState<ApplicationStatus | "">("");
  const [fee, setFee] = useState("");
  const [reason, setReason] = useState<DecisionReason | "">("");
  const [conditions, setConditions] = useState("");
  const [note, setNote] = useState("");
  const [agency, setAgency] = useState({ name: "", address: "", phone: "" });
  const [score, setScore] = useState({ value: "", low: "300", high: "850", factors: "" });
  const [errors, setErrors] = useState<Errors>({});
  const decide = useContractMutation(
    applicationsApi.decide,
    (body: ApplicationDecision) => ({
      params: { id: application.id },
      body,
    }),
    {
      onSuccess: (next) => {
        toast.success(`Application marked ${applicationStatusLabels[next.status].toLowerCase()}.`);
        setStatus("");
        setErrors({});
      },
      onError: (error) => setErrors(errorsOf(error)),
    },
  );
  if (application.allowed.length === 0) return null;
  const needsReason = status === "denied" || (status === "approved" && conditions.trim() !== "");
  const onReport = reason === "screening-report" && needsReason;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!status) return setErrors({ status: "Choose the next step." });
    const body = {
      status,
      note,
      ...(status === "screening" && fee.trim() !== "" ? { screeningFee: Number(fee) } : {}),
      ...(needsReason && reason ? { reason } : {}),
      ...(status === "approved" ? { conditions } : {}),
      ...(onReport
        ? {
            adverseAction: {
              agencyName: agency.name,
              agencyAddress: agency.address,
              agencyPhone: agency.phone,
              ...(score.value.trim()
                ? {
                    score: {
                      value: Number(score.value),
                      low: Number(score.low),
                      high: Number(score.high),
                      factors: score.factors
                        .split("\n")
                        .map((f) => f.trim())
                        .filter(Boolean),
                    },
                  }
                : {}),
            },
          }
        : {}),
    };
    const checked = applicationDecisionSchema.safeParse(body);
    if (!checked.success) return setErrors(issuesOf(checked.error.issues));
    setErrors({});
    decide.mutate(body);
  };
  return (
    <section aria-labelledby={`${application.id}-decision`} className="grid gap-3">
      <h3 id={`${application.id}-decision`} className="font-semibold">
        Next step
      </h3>
      <form noValidate onSubmit={submit} className="grid gap-3">
        <SelectField
          label="Step"
          value={status}
          error={errors.status}
          onChange={(e) => setStatus(e.target.value as ApplicationStatus | "")}
        >
          <option value="">Choose...</option>
          {application.allowed.map((step) => (
            <option key={step} value={step}>
              {applicationStepLabels[step]}
            </option>
          ))}
        </SelectField>
        {status === "screening" ? (
          <TextField
            label="Screening fee charged (dollars, optional)"
            hint="Connecticut allows only a screening-report fee before a tenancy, at most the year's cap (CGS 47a-4d)."
            type="number"
            min={0}
            value={fee}
            error={errors.screeningFee}
            onChange={(e) => setFee(e.target.value)}
          />
        ) : null}
        {status === "approved" ? (
          <TextField
            label="Conditions (a co-signer, a higher deposit; optional)"
            value={conditions}
            maxLength={1000}
            error={errors.conditions}
            onChange={(e) => setConditions(e.target.value)}
          />
        ) : null}
        {needsReason ? (
          <SelectField
            label="Why"
            value={reason}
            error={errors.reason}
            onChange={(e) => setReason(e.target.value as DecisionReason | "")}
          >
            <option value="">Choose...</option>
            {decisionReasons.map((r) => (
              <option key={r} value={r}>
                {decisionReasonLabels[r]}
              </option>
            ))}
          </SelectField>
        ) : null}
        {onReport ? (
          <fieldset className="grid gap-3 rounded-md border border-border p-3">
            <legend className="px-1 font-semibold">Adverse-action notice (15 U.S.C. 1681m)</legend>
            <p className="text-sm text-muted-foreground">
              Every adult is e-mailed the notice: the screening company's name, address and phone,
              that it did not make the decision, and their right to a free copy of the report within
              60 days and to dispute it.
            </p>
            <TextField
              label="Screening company"
              value={agency.name}
              error={errors["adverseAction.agencyName"] ?? errors.adverseAction}
              onChange={(e) => setAgency({ ...agency, name: e.target.value })}
            />
            <TextField
              label="Its address"
              value={agency.address}
              error={errors["adverseAction.agencyAddress"]}
              onChange={(e) => setAgency({ ...agency, address: e.target.value })}
            />
            <TextField
              label="Its phone"
              type="tel"
              value={agency.phone}
              error={errors["adverseAction.agencyPhone"]}
              onChange={(e) => setAgency({ ...agency, phone: e.target.value })}
            />
            <div className="grid gap-3 sm:grid-cols-3">
              <TextField
                label="Credit score used (optional)"
                type="number"
                value={score.value}
                error={errors["adverseAction.score"]}
                onChange={(e) => setScore({ ...score, value: e.target.value })}
              />
              <TextField
                label="Lowest score"
                type="number"
                value={score.low}
                onChange={(e) => setScore({ ...score, low: e.target.value })}
              />
              <TextField
                label="Highest score"
                type="number"
                value={score.high}
                onChange={(e) => setScore({ ...score, high: e.target.value })}
              />
            </div>
            {score.value.trim() ? (
              <TextAreaField
                label="Key factors that hurt the score (one a line, at most 5)"
                value={score.factors}
                error={errors["adverseAction.score.factors"]}
                onChange={(e) => setScore({ ...score, factors: e.target.value })}
              />
            ) : null}
          </fieldset>
        ) : null}
        <TextAreaField
          label="A note to the applicants (optional, e-mailed)"
          value={note}
          maxLength={2000}
          onChange={(e) => setNote(e.target.value)}
        />
        {errors.form ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.form}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={decide.isPending}>
            {decide.isPending ? "Saving..." : "Save and e-mail the applicants"}
          </Button>
        </div>
      </form>
    </section>
  );
}

/**
 * The offer of the home to an approved application: the rent and deposit, a key deposit, and
 * for a building built before 1978 (or of unknown age) what is known of lead-based paint.
 */
function Offer({ application }: { application: AdminApplicationDetail }) {
  const rent = application.unit?.rent ?? 0;
  const [values, setValues] = useState({
    rent: String(Math.round(rent)),
    deposit: String(Math.round(rent)),
    key: "",
    hazardsKnown: false,
    hazards: "",
    reportsAvailable: false,
    reports: "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const send = useContractMutation(
    applicationsApi.offer,
    (body: z.input<typeof applicationOfferSchema>) => ({
      params: { id: application.id },
      body,
    }),
    {
      onSuccess: () => {
        toast.success("Offer sent to the first applicant.");
        setErrors({});
      },
      onError: (error) => setErrors(errorsOf(error)),
    },
  );
  const lead = needsLeadPaintDisclosure(application.unit?.yearBuilt ?? null);
  const { offer } = application;
  if (offer?.acceptedAt) {
    return (
      <p role="status" className="rounded-md bg-secondary p-3 text-sm font-medium">
        Offer accepted {formatDateTime(offer.acceptedAt)}: rent {money(offer.rent)}, deposit{" "}
        {money(offer.deposit)}. The adults are invited to the tenant portal; the unit is marked
        rented.
      </p>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      rent: Number(values.rent),
      deposit: Number(values.deposit),
      charges: values.key.trim() ? [{ kind: "key_deposit", amount: Number(values.key) }] : [],
      ...(lead
        ? {
            leadPaint: {
              hazardsKnown: values.hazardsKnown,
              hazards: values.hazards,
              reportsAvailable: values.reportsAvailable,
              reports: values.reports,
            },
          }
        : {}),
    };
    const checked = applicationOfferSchema.safeParse(body);
    if (!checked.success) return setErrors(issuesOf(checked.error.issues));
    send.mutate(body);
  };
  const set = (change: Partial<typeof values>) => setValues({ ...values, ...change });
  return (
    <section aria-labelledby={`${application.id}-offer`} className="grid gap-3">
      <h3 id={`${application.id}-offer`} className="font-semibold">
        Offer the home
      </h3>
      {offer ? (
        <p className="text-sm">
          Offered {formatDateTime(offer.offeredAt)}: rent {money(offer.rent)}, deposit{" "}
          {money(offer.deposit)}. Waiting for the first applicant to accept. Sending again replaces
          it.
        </p>
      ) : null}
      <form noValidate onSubmit={submit} className="grid gap-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label="Monthly rent"
            type="number"
            min={1}
            value={values.rent}
            error={errors.rent}
            onChange={(e) => set({ rent: e.target.value })}
          />
          <TextField
            label="Security deposit"
            type="number"
            min={0}
            hint="At most two months' rent; one when an adult is 62 or older (CGS 47a-21)."
            value={values.deposit}
            error={errors.deposit}
            onChange={(e) => set({ deposit: e.target.value })}
          />
          <TextField
            label="Key deposit (optional)"
            type="number"
            min={0}
            value={values.key}
            onChange={(e) => set({ key: e.target.value })}
          />
        </div>
        {lead ? (
          <fieldset className="grid gap-3 rounded-md border border-border p-3">
            <legend className="px-1 font-semibold">
              Lead-based paint disclosure (built before 1978)
            </legend>
            <CheckboxField
              label="The office knows of lead-based paint or its hazards in the housing"
              checked={values.hazardsKnown}
              onChange={(e) => set({ hazardsKnown: e.target.checked })}
            />
            {values.hazardsKnown ? (
              <TextAreaField
                label="What is known of it"
                value={values.hazards}
                onChange={(e) => set({ hazards: e.target.value })}
              />
            ) : null}
            <CheckboxField
              label="Records or reports of lead-based paint are available"
              checked={values.reportsAvailable}
              onChange={(e) => set({ reportsAvailable: e.target.checked })}
            />
            {values.reportsAvailable ? (
              <TextAreaField
                label="Which records and reports"
                value={values.reports}
                onChange={(e) => set({ reports: e.target.value })}
              />
            ) : null}
          </fieldset>
        ) : null}
        {errors.form ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.form}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? "Sending..." : "Send the offer"}
          </Button>
        </div>
      </form>
    </section>
  );
}
