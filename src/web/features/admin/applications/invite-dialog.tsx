import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { applicationsApi } from "#domain/api/applications";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { waitlistsApi } from "#domain/api/waitlists";
import { applicationInviteSchema } from "#domain/applications";
import { Button, buttonVariants } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import {
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
} from "#web/components/ui/form-field";
import { ApiError, request } from "#web/lib/api-client";
import { invalidate, useContractMutation } from "#web/lib/query";

/** The unit a renter is invited to apply for (its building and number name a document request). */
export type InviteUnit = { id: number; label: string; propertyId: number; unitNumber: string };

/** What the office usually asks an applicant to send (staff may change it). */
const DOCUMENTS_ASKED =
  "A photo ID, and proof of income for the last two months: pay stubs, a benefits letter, or your housing voucher.";

type Errors = Partial<Record<"name" | "email" | "form", string>>;
type Renter = { name: string; email: string; lang: "en" | "es" };

/**
 * Invite to apply: the renter's name, address and language; they are e-mailed a link to their
 * application for the unit (no account, 30 days), and it appears in the Applications tab. An
 * application that came on paper is started the same way, with nothing e-mailed: the dialog then
 * offers its form, where staff type the paper's answers and submit it for the renter.
 */
export function InviteToApplyDialog({
  unit,
  onOpenChange,
}: {
  unit: InviteUnit | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [lang, setLang] = useState<"en" | "es">("en");
  const [errors, setErrors] = useState<Errors>({});
  const client = useQueryClient();
  const [askDocuments, setAskDocuments] = useState(false);
  const [documents, setDocuments] = useState(DOCUMENTS_ASKED);
  const [onPaper, setOnPaper] = useState(false);
  // The paper application's form, once started: staff open it to type the answers in.
  const [paperForm, setPaperForm] = useState<string | null>(null);
  const close = (open: boolean) => {
    if (!open) setPaperForm(null);
    onOpenChange(open);
  };
  const invite = useContractMutation(
    applicationsApi.invite,
    (input: { id: number; body: Renter }) => ({
      params: { id: String(input.id) },
      body: input.body,
    }),
    {
      onSuccess: (answer, input) => started(answer.message, input.body, null),
      onError: (error) => showError(error),
    },
  );
  const enterPaper = useContractMutation(
    applicationsApi.enterPaper,
    (input: { id: number; body: Renter }) => ({
      params: { id: String(input.id) },
      body: input.body,
    }),
    {
      onSuccess: (answer, input) => started(answer.message, input.body, answer.formPath),
      onError: (error) => showError(error),
    },
  );
  /** An invitation sent or a paper application started: the form is cleared for the next one. */
  const started = async (message: string, input: Renter, formPath: string | null) => {
    toast.success(message);
    await askForDocuments(input);
    setName("");
    setEmail("");
    setErrors({});
    if (formPath) setPaperForm(formPath);
    else close(false);
  };
  const showError = (error: Error) => {
    const detail = error instanceof ApiError ? error.details[0] : undefined;
    setErrors(
      detail && (detail.path === "name" || detail.path === "email")
        ? { [detail.path]: detail.msg }
        : { form: error.message },
    );
  };
  const askForDocuments = async (input: Renter) => {
    // The documents through the upload pipeline: a document request of its own, e-mailed
    // with its upload link; what arrives is in the Files tab under the renter's name.
    if (!askDocuments || !unit) return;
    await request(tenantFilesApi.createRequest, {
      body: {
        tenantName: input.name,
        tenantEmail: input.email,
        propertyId: unit.propertyId,
        unit: unit.unitNumber,
        category: "other",
        note: documents,
        language: input.lang,
      },
    }).then(
      () => {
        toast.success("Documents asked for: the upload link is on its way.");
        void invalidate(client, tenantFilesApi.createRequest.invalidates);
      },
      (error: Error) => toast.error(`Could not ask for the documents. ${error.message}`),
    );
  };
  const fromList = useContractMutation(
    waitlistsApi.inviteNext,
    (id: number) => ({ params: { id: String(id) }, body: { count: 1 } }),
    {
      onSuccess: (answer) => {
        toast.success(answer.message);
        close(false);
      },
      onError: (error) => setErrors({ form: error.message }),
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!unit) return;
    const checked = applicationInviteSchema.safeParse({ name, email, lang });
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] === "name" ? "name" : "email";
        found[key] ??= issue.message;
      }
      return setErrors(found);
    }
    (onPaper ? enterPaper : invite).mutate({ id: unit.id, body: { name, email, lang } });
  };
  const pending = invite.isPending || enterPaper.isPending;
  return (
    <Dialog open={unit !== null} onOpenChange={close}>
      {unit && paperForm ? (
        <DialogContent
          title="Paper application started"
          description={`Type the paper's answers for ${unit.label} into its form and submit it there: the renter is e-mailed that it arrived, then every decision.`}
        >
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Close
            </Button>
            <a
              href={paperForm}
              target="_blank"
              rel="noopener"
              className={buttonVariants()}
              onClick={() => close(false)}
            >
              Open the application form
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        </DialogContent>
      ) : unit ? (
        <DialogContent
          title="Invite to apply"
          description={
            onPaper
              ? `An application for ${unit.label} that came on paper: nothing is e-mailed now; you type its answers in next.`
              : `The renter is e-mailed a link to apply for ${unit.label}, valid 30 days.`
          }
        >
          <form noValidate onSubmit={submit} className="grid gap-4">
            <TextField
              label="Renter's name"
              value={name}
              maxLength={100}
              error={errors.name}
              onChange={(e) => setName(e.target.value)}
            />
            <TextField
              label="Renter's e-mail"
              type="email"
              value={email}
              maxLength={254}
              error={errors.email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <SelectField
              label="Language of the e-mail and the application"
              value={lang}
              onChange={(e) => setLang(e.target.value === "es" ? "es" : "en")}
            >
              <option value="en">English</option>
              <option value="es">Español</option>
            </SelectField>
            <CheckboxField
              label="It came on paper: I type its answers in (nothing is e-mailed until it is submitted)"
              checked={onPaper}
              onChange={(e) => setOnPaper(e.target.checked)}
            />
            <CheckboxField
              label="Also ask for documents (an upload link of their own)"
              checked={askDocuments}
              onChange={(e) => setAskDocuments(e.target.checked)}
            />
            {askDocuments ? (
              <TextAreaField
                label="Documents asked for"
                value={documents}
                maxLength={1000}
                onChange={(e) => setDocuments(e.target.value)}
              />
            ) : null}
            {errors.form ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errors.form}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              {onPaper ? null : (
                <Button
                  type="button"
                  variant="outline"
                  disabled={fromList.isPending}
                  onClick={() => fromList.mutate(unit.id)}
                >
                  Invite the next on the waiting list
                </Button>
              )}
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                {pending
                  ? "Sending..."
                  : onPaper
                    ? "Start the paper application"
                    : "Send the invitation"}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
