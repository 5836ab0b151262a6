import { pageQueryShape } from "./api/paging";
import { ageOn } from "./application-charges";
import { locales } from "./locale";
import { z } from "./zod";

/**
 * Rental applications: staff invite a renter to apply for a unit by an e-mailed link (no
 * account); each adult of the household gets a link of their own for their own part and
 * consent. The application is saved as they go and submitted once; staff screen it and decide.
 *
 * What the form may ask is bounded by Connecticut's fair-housing law (CGS 46a-64c): nothing about
 * marital status, national origin, citizenship, arrests or erased criminal records, and lawful
 * source of income (a housing voucher) counts as income like any other.
 */

/** How long an invitation's link opens the application. */
export const APPLICATION_LINK_DAYS = 30;
/** The most other adults one application lists, homes one adult gives, and incomes. */
export const APPLICATION_ADULTS_MAX = 8;
export const APPLICATION_HOMES_MAX = 5;
export const APPLICATION_INCOMES_MAX = 10;
/** An applicant is at least this old (a younger member of the household is a child). */
export const APPLICANT_AGE_MIN = 18;
/** The adverse-action notices and the duplicate applications one application shows, latest first. */
export const APPLICATION_NOTICES_SHOWN = 50;
export const APPLICATION_DUPLICATES_SHOWN = 20;

/**
 * Where an application stands: `draft` until the applicant submits it, then `submitted`,
 * `screening`, and a decision: `approved`, `denied` or `waitlisted`; `withdrawn` at any time
 * before a decision is final.
 */
export const applicationStatuses = [
  "draft",
  "submitted",
  "screening",
  "approved",
  "denied",
  "waitlisted",
  "withdrawn",
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/**
 * How an application began: `invited` (staff, or the waiting list, sent the link), `online`
 * (the renter asked from a unit's Apply Now, with APPLY_NOW=online) or `paper` (staff typed in
 * a form the renter filled on paper and signed).
 */
export const applicationSources = ["invited", "online", "paper"] as const;
export type ApplicationSource = (typeof applicationSources)[number];
/** Applications one mailbox may start from Apply Now in a day (more are not started, silently). */
export const APPLICATION_STARTS_PER_MAILBOX_PER_DAY = 3;
/** Apply Now's form, per client a minute (each e-mails a link): the API route and the page. */
export const APPLICATION_STARTS_PER_MINUTE = 5;

/** The statuses staff may move an application to from each (the applicant submits a draft). */
export const staffTransitions: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  draft: ["withdrawn"],
  submitted: ["screening", "approved", "denied", "waitlisted", "withdrawn"],
  screening: ["approved", "denied", "waitlisted", "withdrawn"],
  waitlisted: ["screening", "approved", "denied", "withdrawn"],
  approved: ["withdrawn"],
  denied: [],
  withdrawn: [],
};

/**
 * Why an application was denied (or approved on conditions): `screening-report` when the
 * decision rests, even in part, on a consumer report, which needs the adverse-action notice of
 * the federal FCRA (15 U.S.C. 1681m).
 */
export const decisionReasons = [
  "screening-report",
  "income",
  "incomplete",
  "unit-taken",
  "other",
] as const;
export type DecisionReason = (typeof decisionReasons)[number];

/**
 * The sources of income an applicant may list. A housing voucher is income like any other
 * (lawful source of income, CGS 46a-64c): an income test looks only at the tenant's share.
 */
export const incomeSources = [
  "employment",
  "self_employment",
  "housing_voucher",
  "social_security",
  "disability_benefits",
  "pension",
  "child_support",
  "public_assistance",
  "unemployment",
  "student_aid",
  "other",
] as const;
export type IncomeSource = (typeof incomeSources)[number];

export const applicationMessages = {
  name: "Enter a name of 2 to 100 characters.",
  email: "Please enter a valid email address.",
  phone: "Please enter a valid phone number.",
  dateOfBirth: `Enter a date of birth as YYYY-MM-DD; an applicant is ${APPLICANT_AGE_MIN} or older.`,
  address: "Enter the home's address (5 to 200 characters).",
  month: "Enter a month as YYYY-MM.",
  homes: `List your current home, and earlier ones if you like (at most ${APPLICATION_HOMES_MAX}).`,
  income: `List at most ${APPLICATION_INCOMES_MAX} incomes.`,
  incomeSource: "Choose where the income comes from.",
  amount: "Enter a whole number of dollars, 0 or more.",
  detail: "At most 200 characters.",
  children: "Enter how many children will live with you (0 to 20).",
  pets: "At most 500 characters.",
  accommodations: "At most 2000 characters.",
  adults: `List at most ${APPLICATION_ADULTS_MAX} other adults.`,
  consent: "Please agree to the screening to submit your part.",
  signature: "Type your full name to sign.",
  moveIn: "Enter the move-in date as YYYY-MM-DD.",
  linkInvalid:
    "This application link does not work. It may have expired: ask the office for a new one.",
  alreadySubmitted: "This part of the application was already submitted.",
  notYours: "Only the person who was invited first can change the household or invite adults.",
  adultInvited: "We e-mailed them a link to their part of the application.",
  adultTwice: "This address is already on the application.",
  invited: "Invitation sent: the link to apply is on its way.",
  paperEntered: "Paper application started: type its answers into the form and submit it.",
  started: "Check your e-mail: the link to your application is on its way.",
  incomplete: "Some answers are missing. Please complete the parts marked.",
  unitNotFound: "This unit was not found.",
  applicationNotFound: "This application was not found.",
  statusNotAllowed: (from: string, to: string) =>
    `An application that is ${from} cannot be marked ${to}.`,
  adverseActionNeeded:
    "A decision that rests on a screening report needs the screening company's name, address and phone, for the adverse-action notice (15 U.S.C. 1681m).",
  reasonNeeded: "Say why the application is denied.",
  feeOnlyScreening: "A screening fee is recorded when the application goes to screening.",
  offerNotApproved: "Only an approved application can be offered the home.",
  offerLeadPaint:
    "The building was built before 1978: state what is known of lead-based paint for the disclosure (42 U.S.C. 4852d).",
  leadPaintAcknowledgement:
    "Please confirm you received the lead-paint disclosure and the EPA pamphlet.",
  noOffer: "There is no offer to accept on this application.",
} as const;

/** A text answer of `min` to `max` characters; anything else (nothing at all too) is `message`. */
const words = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, message).max(max, message);
const text = (max: number, message: string) => words(0, max, message);
const name = words(2, 100, applicationMessages.name);
const email = z
  .string({ error: applicationMessages.email })
  .trim()
  .max(254, applicationMessages.email)
  .pipe(z.email({ error: applicationMessages.email }))
  .transform((value) => value.toLowerCase());
const phone = words(10, 30, applicationMessages.phone);
const month = z
  .string({ error: applicationMessages.month })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, applicationMessages.month);
const dollars = z
  .number({ error: applicationMessages.amount })
  .int(applicationMessages.amount)
  .min(0, applicationMessages.amount)
  .max(1_000_000, applicationMessages.amount);

/** A staff member's invitation to apply for a unit: the renter's name, address and language. */
export const applicationInviteSchema = z.object({
  name,
  email,
  lang: z.enum(locales).default("en"),
});
export type ApplicationInvite = z.input<typeof applicationInviteSchema>;

/** A home the applicant lives or lived in; `to` is empty for the current one. */
export const homeSchema = z.object({
  address: words(5, 200, applicationMessages.address),
  from: month,
  to: month.or(z.literal("")).default(""),
  monthlyRent: dollars.nullable().default(null),
  landlordName: text(100, applicationMessages.detail).default(""),
  landlordPhone: text(30, applicationMessages.phone).default(""),
});

/** One income: its source, the employer or program, and the monthly amount. */
export const incomeSchema = z.object({
  source: z.enum(incomeSources, { error: applicationMessages.incomeSource }),
  detail: text(200, applicationMessages.detail).default(""),
  monthlyAmount: dollars,
});

/**
 * One adult's own part: how to reach them, their date of birth (for the screening report, and
 * because an applicant 62 or older may be asked a deposit of one month's rent at most), homes,
 * income, and the screening consent they sign by typing their name.
 */
export const applicantPartSchema = z.object({
  phone,
  dateOfBirth: z.iso.date({ error: applicationMessages.dateOfBirth }).refine((birth) => {
    const age = ageOn(birth, new Date().toISOString().slice(0, 10));
    return age >= APPLICANT_AGE_MIN && age <= 120;
  }, applicationMessages.dateOfBirth),
  homes: z
    .array(homeSchema, { error: applicationMessages.homes })
    .min(1, applicationMessages.homes)
    .max(APPLICATION_HOMES_MAX, applicationMessages.homes),
  income: z
    .array(incomeSchema)
    .max(APPLICATION_INCOMES_MAX, applicationMessages.income)
    .default([]),
  consent: z.literal(true, { error: applicationMessages.consent }),
  signature: words(2, 100, applicationMessages.signature),
});
export type ApplicantPart = z.output<typeof applicantPartSchema>;

/**
 * The household, given by the first applicant: children, pets, the move-in day and needs. The
 * other adults are applicants of their own (each invited to their own part by its link).
 */
export const householdSchema = z.object({
  children: z
    .number({ error: applicationMessages.children })
    .int(applicationMessages.children)
    .min(0, applicationMessages.children)
    .max(20, applicationMessages.children),
  pets: text(500, applicationMessages.pets).default(""),
  moveIn: z.iso
    .date({ error: "Enter the move-in date as YYYY-MM-DD." })
    .or(z.literal(""))
    .default(""),
  /** A reasonable accommodation or modification the household asks for (never required). */
  accommodations: text(2000, applicationMessages.accommodations).default(""),
});
export type Household = z.output<typeof householdSchema>;

/**
 * A draft as the applicant saves it while they go: any answer may still be missing or half
 * typed (the complete part is checked on submit). Bounded like the complete one: what is saved
 * never outgrows it.
 */
const draftText = (max: number) => z.string().max(max);
export const applicantDraftSchema = z.object({
  phone: draftText(30).optional(),
  dateOfBirth: draftText(10).optional(),
  homes: z
    .array(
      z.object({
        address: draftText(200).optional(),
        from: draftText(7).optional(),
        to: draftText(7).optional(),
        monthlyRent: dollars.nullable().optional(),
        landlordName: draftText(100).optional(),
        landlordPhone: draftText(30).optional(),
      }),
    )
    .max(APPLICATION_HOMES_MAX, applicationMessages.homes)
    .optional(),
  income: z
    .array(
      z.object({
        source: z.enum(incomeSources, { error: applicationMessages.incomeSource }).optional(),
        detail: draftText(200).optional(),
        monthlyAmount: dollars.nullable().optional(),
      }),
    )
    .max(APPLICATION_INCOMES_MAX, applicationMessages.income)
    .optional(),
  consent: z.boolean().optional(),
  signature: draftText(100).optional(),
});
export type ApplicantDraft = z.output<typeof applicantDraftSchema>;

export const householdDraftSchema = z.object({
  children: z.number().int().min(0).max(20).nullable().optional(),
  pets: draftText(500).optional(),
  moveIn: draftText(10).optional(),
  accommodations: draftText(2000).optional(),
});
export type HouseholdDraft = z.output<typeof householdDraftSchema>;

/** What the applicant's link saves: their own part, and the household for the first one. */
export const applicationSaveSchema = z.object({
  part: applicantDraftSchema,
  household: householdDraftSchema.optional(),
});
export type ApplicationSave = z.input<typeof applicationSaveSchema>;

/** An adult of the household the first applicant invites to their own part. */
export const coApplicantSchema = z.object({ name, email });

/**
 * A draft's missing or wrong answers, as `{ path, message }` (paths like `part.homes.0.from`),
 * checked with the complete schemas; none when the part can be submitted.
 */
export function draftProblems(
  save: { part: ApplicantDraft; household?: HouseholdDraft | undefined },
  { withHousehold }: { withHousehold: boolean },
): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const collect = (prefix: string, result: z.ZodSafeParseResult<unknown>) => {
    for (const issue of result.error?.issues ?? []) {
      problems.push({ path: [prefix, ...issue.path].join("."), message: issue.message });
    }
  };
  collect("part", applicantPartSchema.safeParse(save.part));
  if (withHousehold) collect("household", householdSchema.safeParse(save.household ?? {}));
  return problems;
}

/**
 * The facts of the adverse-action notice a decision resting on a screening report needs
 * (15 U.S.C. 1681m(a)): the screening company that furnished it, and the score when one was
 * used, with its range and key factors (1681g(f)).
 */
export const adverseActionSchema = z.object({
  agencyName: z.string().trim().min(2, "Enter the screening company's name.").max(200),
  agencyAddress: z.string().trim().min(5, "Enter the screening company's address.").max(300),
  agencyPhone: z
    .string()
    .trim()
    .min(10, "Enter the screening company's phone number.")
    .max(30, "Enter the screening company's phone number."),
  score: z
    .object({
      value: z.number().int().min(0).max(10_000),
      low: z.number().int().min(0).max(10_000),
      high: z.number().int().min(0).max(10_000),
      factors: z.array(z.string().trim().min(2).max(200)).min(1).max(5),
      scoredOn: z.iso.date().optional(),
    })
    .refine((s) => s.low < s.high && s.value >= s.low && s.value <= s.high, {
      message: "The score must lie in its range.",
    })
    .optional(),
});
export type AdverseAction = z.output<typeof adverseActionSchema>;

/**
 * A staff decision or step: the new status, the screening fee charged when it goes to screening
 * (at most the year's cap), why it is denied, and the notice's facts when that rests on a report.
 */
export const applicationDecisionSchema = z
  .object({
    status: z.enum(applicationStatuses),
    screeningFee: z.number().int().optional(),
    reason: z.enum(decisionReasons).optional(),
    /** Conditions of an approval (a co-signer, a higher deposit): a decision like a denial. */
    conditions: z.string().trim().max(1000).default(""),
    adverseAction: adverseActionSchema.optional(),
    note: z.string().trim().max(2000).default(""),
  })
  .superRefine((decision, ctx) => {
    if (decision.status === "denied" && !decision.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: applicationMessages.reasonNeeded });
    }
    if (decision.reason === "screening-report" && !decision.adverseAction) {
      ctx.addIssue({
        code: "custom",
        path: ["adverseAction"],
        message: applicationMessages.adverseActionNeeded,
      });
    }
    if (decision.screeningFee !== undefined && decision.status !== "screening") {
      ctx.addIssue({
        code: "custom",
        path: ["screeningFee"],
        message: applicationMessages.feeOnlyScreening,
      });
    }
  });
export type ApplicationDecision = z.input<typeof applicationDecisionSchema>;

/**
 * What the office knows of lead-based paint in a building built before 1978, for the lessor's
 * disclosure (42 U.S.C. 4852d; 40 CFR 745.113): known paint or hazards, and records or reports.
 */
export const leadPaintDisclosureSchema = z.object({
  hazardsKnown: z.boolean(),
  hazards: z.string().trim().max(2000).default(""),
  reportsAvailable: z.boolean(),
  reports: z.string().trim().max(2000).default(""),
});
export type LeadPaintDisclosure = z.output<typeof leadPaintDisclosureSchema>;

/**
 * The office's offer of the home: the monthly rent and the deposit, and other charges before the
 * tenancy (each one the law allows: a key deposit; never an application fee), plus the lead-paint
 * disclosure for a building built before 1978.
 */
export const applicationOfferSchema = z.object({
  rent: z.number().int().min(1).max(100_000),
  deposit: z.number().int().min(0).max(200_000),
  charges: z
    .array(z.object({ kind: z.string().trim().min(1).max(40), amount: z.number().int().min(0) }))
    .max(5)
    .default([]),
  leadPaint: leadPaintDisclosureSchema.optional(),
});
export type ApplicationOffer = z.output<typeof applicationOfferSchema>;

/** The applicant's acceptance: and, for a building before 1978, their acknowledgement. */
export const offerAcceptanceSchema = z.object({
  leadPaintAcknowledged: z.boolean().default(false),
});

/** The first year of housing the lead-paint disclosure no longer covers (42 U.S.C. 4852d). */
export const LEAD_PAINT_BEFORE_YEAR = 1978;
/** A building of unknown age is treated as built before 1978: the disclosure is given. */
export const needsLeadPaintDisclosure = (yearBuilt: number | null) =>
  yearBuilt === null || yearBuilt < LEAD_PAINT_BEFORE_YEAR;
/** The EPA's pamphlet the disclosure comes with. */
export const LEAD_PAINT_PAMPHLET_URL =
  "https://www.epa.gov/lead/protect-your-family-lead-your-home-real-estate-disclosure";

/** The office's list: by status (all by default), by a name or address searched, newest first. */
export const adminApplicationsQuerySchema = z.object({
  status: z.enum([...applicationStatuses, "all"]).default("all"),
  q: z.string().trim().max(100).default(""),
  ...pageQueryShape(),
});
export type AdminApplicationsQuery = z.output<typeof adminApplicationsQuerySchema>;

/** A decision as the application keeps it. */
export type ApplicationDecisionRecord = {
  status: ApplicationStatus;
  reason: DecisionReason | null;
  conditions: string;
  note: string;
  decidedAt: string;
};

/** The offer as the application keeps it (the disclosure only for a building before 1978). */
export type ApplicationOfferRecord = {
  rent: number;
  deposit: number;
  charges: { kind: string; amount: number }[];
  leadPaint: LeadPaintDisclosure | null;
};

const offerViewSchema = z.object({
  rent: z.number(),
  deposit: z.number(),
  charges: z.array(z.object({ kind: z.string(), amount: z.number() })).max(5),
  leadPaint: leadPaintDisclosureSchema.nullable(),
  offeredAt: z.string(),
  acceptedAt: z.string().nullable(),
  leadPaintAcknowledgedAt: z.string().nullable(),
});

/** The unit an application is for (null once staff deleted the unit: its place stays). */
const applicationUnitSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    propertyId: z.number().int(),
    building: z.string(),
    address: z.string(),
    rent: z.number(),
    bedrooms: z.number().int(),
    yearBuilt: z.number().int().nullable(),
  })
  .nullable();

/** What an applicant's link answers: the unit, their own part, and the household for the first. */
export const applicantViewSchema = z.object({
  place: z.string(),
  unit: applicationUnitSchema,
  status: z.enum(applicationStatuses),
  applicant: z.object({
    name: z.string(),
    email: z.string(),
    lang: z.enum(locales),
    primary: z.boolean(),
    submittedAt: z.string().nullable(),
  }),
  part: applicantDraftSchema,
  /** The household and the adults invited to their part: for the first applicant only. */
  household: householdDraftSchema.nullable(),
  adults: z
    .array(z.object({ name: z.string(), email: z.string(), submitted: z.boolean() }))
    .max(APPLICATION_ADULTS_MAX),
  offer: offerViewSchema.nullable(),
  pamphletUrl: z.string().nullable(),
  expiresAt: z.string(),
});
export type ApplicantView = z.output<typeof applicantViewSchema>;

/** One row of the office's list. */
export const adminApplicationSchema = z.object({
  id: z.uuid(),
  status: z.enum(applicationStatuses),
  place: z.string(),
  unitId: z.number().int().nullable(),
  /** How it began: invited by staff or the waiting list, online from Apply Now, or on paper. */
  source: z.enum(applicationSources),
  name: z.string(),
  email: z.string(),
  lang: z.enum(locales),
  adults: z.number().int(),
  /** Another application has the same address, or an applicant of the same name and birth. */
  duplicate: z.boolean(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  statusChangedAt: z.string(),
});
export type AdminApplication = z.output<typeof adminApplicationSchema>;

export const adminApplicationsPageSchema = z.object({
  items: z.array(adminApplicationSchema).max(100),
  nextCursor: z.string().nullable(),
  /** Applications waiting for the office (submitted, not yet screened or decided). */
  waiting: z.number().int(),
});

/** One application whole, for staff: every adult's part, the decision, notices and the offer. */
export const adminApplicationDetailSchema = adminApplicationSchema.extend({
  unit: applicationUnitSchema,
  household: householdDraftSchema,
  /** A paper application not yet submitted: its form, for staff to type the answers into. */
  paperFormPath: z.string().nullable(),
  applicants: z
    .array(
      z.object({
        id: z.uuid(),
        primary: z.boolean(),
        name: z.string(),
        email: z.string(),
        lang: z.enum(locales),
        part: applicantDraftSchema,
        /** Age today, from the date of birth given (null until given). */
        age: z.number().int().nullable(),
        consentedAt: z.string().nullable(),
        submittedAt: z.string().nullable(),
      }),
    )
    .max(APPLICATION_ADULTS_MAX + 1),
  /**
   * The household's monthly income, and the part of the rent the household pays itself: the
   * rent less what housing vouchers pay (an income test looks only at that share).
   */
  income: z.object({
    monthly: z.number(),
    vouchers: z.number(),
    tenantShare: z.number().nullable(),
  }),
  screeningFee: z.number().int().nullable(),
  decision: z
    .object({
      status: z.enum(applicationStatuses),
      reason: z.enum(decisionReasons).nullable(),
      conditions: z.string(),
      note: z.string(),
      decidedAt: z.string(),
    })
    .nullable(),
  notices: z
    .array(z.object({ id: z.uuid(), sentAt: z.string(), agencyName: z.string(), body: z.string() }))
    .max(APPLICATION_NOTICES_SHOWN),
  offer: offerViewSchema.nullable(),
  duplicates: z
    .array(
      z.object({
        id: z.uuid(),
        place: z.string(),
        status: z.enum(applicationStatuses),
        createdAt: z.string(),
      }),
    )
    .max(APPLICATION_DUPLICATES_SHOWN),
  allowed: z.array(z.enum(applicationStatuses)),
});
export type AdminApplicationDetail = z.output<typeof adminApplicationDetailSchema>;
