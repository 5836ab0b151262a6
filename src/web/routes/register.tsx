import { UserPlus } from "lucide-react";
import { Link } from "react-router";
import { authMessages } from "#domain/auth";
import { messages } from "#domain/messages";
import { Button } from "../components/ui/button";
import { TextField } from "../components/ui/form-field";
import { AuthCard, Banner } from "../features/auth/components/auth-card";
import { FullScreenStatus } from "../features/auth/components/full-screen-status";
import { useRedirectSignedIn } from "../features/auth/use-redirect-signed-in";
import { privatePageMeta } from "../lib/meta";

export const meta = () => privatePageMeta("Register");

/** /register: registration is disabled by design; the form is shown, disabled, with the reason. */
export default function Register() {
  const { waiting } = useRedirectSignedIn();
  if (waiting) return <FullScreenStatus message={messages.loading} />;
  return (
    <AuthCard title="Create an Account">
      <Banner tone="error" title="Registration Unavailable">
        {authMessages.registrationUnavailable}
      </Banner>
      <form
        aria-label="Create an Account"
        className="grid gap-4"
        onSubmit={(event) => event.preventDefault()}
      >
        <fieldset disabled className="grid gap-4 opacity-70">
          <TextField label="Display name" autoComplete="name" />
          <TextField label="Email" type="email" autoComplete="email" />
          <TextField label="Password" type="password" autoComplete="new-password" />
          <TextField label="Confirm password" type="password" autoComplete="new-password" />
          <Button type="submit" size="lg">
            <UserPlus aria-hidden="true" /> Register
          </Button>
        </fieldset>
      </form>
      <p className="mt-4 text-center text-sm">
        Staff member?{" "}
        <Link to="/login" className="font-semibold text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
