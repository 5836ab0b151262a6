import { Home, Trash2, UserPlus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button, buttonVariants } from "../components/ui/button";
import { AuthCard, Banner } from "../features/auth/components/auth-card";
import { TOKEN_KEY, USER_KEY } from "../features/auth/session-storage";
import { privatePageMeta } from "../lib/meta";

export const meta = () => privatePageMeta("Reset User Data");

/** The keys the reset clears: the session, the users, the current user, the verification codes. */
const USER_DATA_KEYS = [TOKEN_KEY, USER_KEY, "users", "currentUser", "verificationCodes"];

/** /reset-users: a test-only page that clears the user data this browser keeps. */
export default function ResetUsers() {
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const reset = () => {
    try {
      for (const key of USER_DATA_KEYS) localStorage.removeItem(key);
      setOutcome({ tone: "success", text: "All user data has been cleared from this browser." });
    } catch {
      setOutcome({
        tone: "error",
        text: "Failed to clear user data. LocalStorage might not be available.",
      });
    }
  };
  return (
    <AuthCard
      title="Reset User Data"
      subtitle="For testing: clears the sign-in data kept in this browser."
    >
      {outcome ? <Banner tone={outcome.tone}>{outcome.text}</Banner> : null}
      <div className="grid gap-3">
        <Button variant="destructive" size="lg" onClick={reset}>
          <Trash2 aria-hidden="true" /> Reset All User Data
        </Button>
        <Link to="/register" className={buttonVariants({ variant: "outline", size: "lg" })}>
          <UserPlus aria-hidden="true" /> Register New User
        </Link>
        <Link to="/" className={buttonVariants({ variant: "ghost", size: "lg" })}>
          <Home aria-hidden="true" /> Go to Homepage
        </Link>
      </div>
    </AuthCard>
  );
}
