import { ArrowLeft, MailCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { cn } from "#web/lib/utils";
import { StatePanel } from "./state-panel";

/**
 * A public page that is one plain form (it works without scripts; see lib/plain-form.ts): a way
 * back, the title, what the form is for, the form posted to the page itself with its send
 * button, and once sent, "check your e-mail" in the form's place. `formError` is a refusal of
 * the whole form (too many tries, no connection), said above the button.
 */
export function PlainFormPage({
  back,
  title,
  lead,
  sent,
  send,
  formError,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  /** The paragraphs under the title. */
  lead: ReactNode;
  /** The answer in the form's place once it is sent, or null. */
  sent: { title: string; message: string } | null;
  /** The send button's words. */
  send: string;
  formError?: string;
  /** The form's fields and notes. */
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const backLink = (
    <Link to={back.to} className={cn(buttonVariants({ variant: "ghost" }), "-ml-3 w-fit")}>
      <ArrowLeft aria-hidden="true" /> {back.label}
    </Link>
  );
  if (sent) {
    return (
      <div className="mx-auto grid max-w-2xl gap-4 px-4 py-10 sm:px-6">
        {backLink}
        <StatePanel headingLevel={1} icon={MailCheck} title={sent.title} message={sent.message} />
      </div>
    );
  }
  return (
    <div className="mx-auto grid max-w-2xl gap-4 px-4 py-10 sm:px-6">
      {backLink}
      <h1 className="text-3xl font-bold">{title}</h1>
      {lead}
      <Card className="p-4 sm:p-6">
        <Form method="post" noValidate className="grid gap-4">
          {children}
          {formError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {formError}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {send}
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
