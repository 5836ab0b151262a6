import { LaptopMinimal, LogOut } from "lucide-react";
import { browserOnDevice } from "#domain/auth";
import type { Locale } from "#domain/locale";
import { LoadFailed } from "#web/components/load-failed";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Skeleton } from "#web/components/ui/skeleton";
import { formatDateTime } from "#web/lib/format-date-time";
import {
  type SessionToasts,
  useEndOtherSessions,
  useEndSession,
  useSessions,
} from "./use-sessions";

/** Every word of the list, in the language of the page that shows it. */
export type SessionsWords = SessionToasts & {
  heading: string;
  intro: string;
  endOthers: string;
  endingOthers: string;
  failed: string;
  tryAgain: string;
  loading: string;
  list: string;
  thisBrowser: string;
  unknownAddress: string;
  signedIn: string;
  lastActive: string;
  signOut: string;
  /** The button's name: which session it signs out ("Chrome on Mac, 203.0.113.7"). */
  signOutLabel: (session: string) => string;
  lang: Locale;
  /** The locale dates are written in (en-US, es-US). */
  intl: string;
};

/**
 * Where the signed-in person is signed in: each live session (browser, device, address, when it
 * signed in and was last used), this browser marked, a Sign out for each other one and "Sign out
 * everywhere else". The staff's security page shows it in English, the tenant portal in the
 * tenant's language.
 */
export function SessionsSection({ words }: { words: SessionsWords }) {
  const sessions = useSessions();
  const endOne = useEndSession(words);
  const endOthers = useEndOtherSessions(words);
  // This browser first: the one a person looks for before the others.
  const list =
    sessions.data &&
    [...sessions.data.sessions].sort((a, b) => Number(b.current) - Number(a.current));
  const others = list?.filter((s) => !s.current).length ?? 0;

  return (
    <section aria-labelledby="sessions-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="sessions-heading" className="text-xl font-bold">
            {words.heading}
          </h2>
          <p className="text-sm text-muted-foreground">{words.intro}</p>
        </div>
        <Button
          variant="outline"
          className="h-auto min-h-11 whitespace-normal"
          disabled={others === 0 || endOthers.isPending}
          onClick={() => endOthers.mutate(undefined)}
        >
          <LogOut aria-hidden="true" />
          {endOthers.isPending ? words.endingOthers : words.endOthers}
        </Button>
      </div>
      {sessions.isError ? (
        <LoadFailed
          headingLevel={3}
          title={words.failed}
          query={sessions}
          message={words.detail(sessions.error)}
          retryLabel={words.tryAgain}
        />
      ) : !list ? (
        <div role="status" className="grid gap-3">
          <p className="text-muted-foreground">{words.loading}</p>
          <Card className="grid gap-2 p-4">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </Card>
        </div>
      ) : (
        <ul aria-label={words.list} className="grid gap-3">
          {list.map((session) => {
            const name = browserOnDevice(session.browser, session.device, words.lang);
            const address = session.ipAddress ?? words.unknownAddress;
            return (
              <li key={session.id}>
                <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="flex min-w-0 items-start gap-3">
                    <LaptopMinimal aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                    <div className="min-w-0">
                      <p className="font-semibold">
                        {name}{" "}
                        {session.current ? (
                          <Badge variant="success">{words.thisBrowser}</Badge>
                        ) : null}
                      </p>
                      <p className="break-all text-sm text-muted-foreground">{address}</p>
                      <p className="text-sm text-muted-foreground">
                        {words.signedIn}{" "}
                        <time dateTime={session.signedInAt}>
                          {formatDateTime(session.signedInAt, words.intl)}
                        </time>
                        {" · "}
                        {words.lastActive}{" "}
                        <time dateTime={session.lastActiveAt}>
                          {formatDateTime(session.lastActiveAt, words.intl)}
                        </time>
                      </p>
                    </div>
                  </div>
                  {session.current ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      className="min-h-11"
                      aria-label={words.signOutLabel(`${name}, ${address}`)}
                      disabled={endOne.isPending && endOne.variables === session.id}
                      onClick={() => endOne.mutate(session.id)}
                    >
                      {words.signOut}
                    </Button>
                  )}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
