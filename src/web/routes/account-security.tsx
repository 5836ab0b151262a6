import { Home, LaptopMinimal, LogOut, RefreshCw, TriangleAlert } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Logo } from "../components/layout/logo";
import { StatePanel } from "../components/layout/state-panel";
import { Badge } from "../components/ui/badge";
import { Button, buttonVariants } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Skeleton } from "../components/ui/skeleton";
import { SecondStepSettings } from "../features/account/components/second-step-settings";
import { useEndOtherSessions, useEndSession, useSessions } from "../features/account/use-sessions";
import { useAuth } from "../features/auth/auth-provider";
import { ProtectedPage } from "../features/auth/components/protected-page";
import { failureDetail } from "../lib/api-client";
import { formatDateTime } from "../lib/format-date-time";
import { privatePageMeta } from "../lib/meta";
import { QueryProvider } from "../lib/query";
import { cn } from "../lib/utils";

export const meta = () => privatePageMeta("Account security");

function SessionsSection() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const list = sessions.data?.sessions;
  const others = list?.filter((s) => !s.current).length ?? 0;

  return (
    <section aria-labelledby="sessions-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="sessions-heading" className="text-xl font-bold">
            Where you are signed in
          </h2>
          <p className="text-sm text-muted-foreground">
            Sign out a browser you do not recognise, or one you no longer use.
          </p>
        </div>
        <Button
          variant="outline"
          className="min-h-11"
          disabled={others === 0 || endOthers.isPending}
          onClick={() => endOthers.mutate(undefined)}
        >
          <LogOut aria-hidden="true" />
          {endOthers.isPending ? "Signing out…" : "Sign out everywhere else"}
        </Button>
      </div>
      {sessions.isError ? (
        <StatePanel
          icon={TriangleAlert}
          tone="error"
          headingLevel={3}
          title="Failed to load your sessions"
          message={failureDetail(sessions.error)}
        >
          <Button disabled={sessions.isFetching} onClick={() => void sessions.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try Again
          </Button>
        </StatePanel>
      ) : !list ? (
        <div role="status" className="grid gap-3">
          <p className="text-muted-foreground">Loading your sessions...</p>
          <Card className="grid gap-2 p-4">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </Card>
        </div>
      ) : (
        <ul aria-label="Sessions" className="grid gap-3">
          {list.map((session) => (
            <li key={session.id}>
              <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="flex min-w-0 items-start gap-3">
                  <LaptopMinimal aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {`${session.browser} on ${session.device}`}{" "}
                      {session.current ? <Badge variant="success">This browser</Badge> : null}
                    </p>
                    <p className="break-all text-sm text-muted-foreground">
                      {session.ipAddress ?? "Unknown address"}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      Signed in{" "}
                      <time dateTime={session.signedInAt}>
                        {formatDateTime(session.signedInAt)}
                      </time>
                      {" · "}Last active{" "}
                      <time dateTime={session.lastActiveAt}>
                        {formatDateTime(session.lastActiveAt)}
                      </time>
                    </p>
                  </div>
                </div>
                {session.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    className="min-h-11"
                    aria-label={`Sign out ${session.browser} on ${session.device}, ${session.ipAddress ?? "unknown address"}`}
                    disabled={endOne.isPending && endOne.variables === session.id}
                    onClick={() => endOne.mutate(session.id)}
                  >
                    Sign out
                  </Button>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SecurityPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  return (
    <div className="min-h-dvh bg-muted">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <Logo />
          <nav aria-label="Account" className="flex items-center gap-2">
            {user?.role === "admin" ? (
              <Link
                to="/admin-dashboard"
                className={cn(buttonVariants({ variant: "ghost", size: "sm" }))}
              >
                Admin Dashboard
              </Link>
            ) : null}
            <Link to="/" className={cn(buttonVariants({ variant: "ghost", size: "sm" }))}>
              <Home aria-hidden="true" /> Home
            </Link>
          </nav>
        </div>
      </header>
      <main className="mx-auto grid max-w-3xl gap-8 px-4 py-8 sm:px-6">
        <div>
          <h1 className="text-2xl font-bold">Account security</h1>
          <p className="break-all text-sm text-muted-foreground">{user?.email}</p>
        </div>
        {/* Staff only: tenants sign in with an e-mailed code, never with a password here. */}
        {user?.role === "admin" ? (
          <SecondStepSettings
            enrolRequested={params.get("enrol") === "required"}
            email={user.email}
          />
        ) : null}
        <SessionsSection />
      </main>
    </div>
  );
}

/**
 * /account/security: a signed-in person's sessions and, for staff, their second sign-in step
 * (authenticator app, passkeys, recovery codes). `?enrol=required` is where the back office sends an
 * administrator the office requires to add a second step first.
 */
export default function AccountSecurity() {
  return (
    <ProtectedPage>
      <QueryProvider>
        <SecurityPage />
      </QueryProvider>
    </ProtectedPage>
  );
}
