import type {
  ApplicationSource,
  ApplicationStatus,
  DecisionReason,
  IncomeSource,
} from "#domain/applications";

/** The back office's words for an application (English, like the rest of the back office). */
export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  draft: "Not submitted",
  submitted: "Submitted",
  screening: "Screening",
  approved: "Approved",
  denied: "Denied",
  waitlisted: "Waitlisted",
  withdrawn: "Withdrawn",
};

/** How an application began, as its row and its panel say before the date. */
export const applicationSourceLabels: Record<ApplicationSource, string> = {
  invited: "Invited",
  online: "Started online",
  paper: "Entered from paper",
};

/** What each step a staff member takes is called on its button. */
export const applicationStepLabels: Record<ApplicationStatus, string> = {
  draft: "Back to draft",
  submitted: "Submitted",
  screening: "Start screening",
  approved: "Approve",
  denied: "Deny",
  waitlisted: "Waitlist",
  withdrawn: "Mark withdrawn",
};

export const decisionReasonLabels: Record<DecisionReason, string> = {
  "screening-report": "A screening report (sends the adverse-action notice)",
  income: "Income (the household's share of the rent)",
  incomplete: "The application is incomplete",
  "unit-taken": "The unit is no longer available",
  other: "Another reason (say it in the note)",
};

export const incomeSourceLabels: Record<IncomeSource, string> = {
  employment: "Work",
  self_employment: "Self-employment",
  housing_voucher: "Housing voucher",
  social_security: "Social Security",
  disability_benefits: "Disability benefits",
  pension: "Pension",
  child_support: "Child support or alimony",
  public_assistance: "Public assistance",
  unemployment: "Unemployment benefits",
  student_aid: "Student aid",
  other: "Other",
};
