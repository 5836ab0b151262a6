import { useQuery } from "@tanstack/react-query";
import { UserRound, Users } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { mfaApi } from "#domain/api/mfa";
import type { StaffMember } from "#domain/mfa";
import { PasswordDialog } from "#web/components/forms/password-dialog";
import { LoadingList } from "#web/components/layout/loading-list";
import { StatePanel } from "#web/components/layout/state-panel";
import { LoadFailed } from "#web/components/load-failed";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { contractQuery, useContractMutation } from "#web/lib/query";

const nameOf = (member: StaffMember) => member.displayName ?? member.email;

function StaffRow({
  member,
  isYou,
  onReset,
}: {
  member: StaffMember;
  isYou: boolean;
  onReset: () => void;
}) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="flex min-w-0 items-start gap-3">
        <UserRound aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0">
          <p className="font-semibold">
            {nameOf(member)} {isYou ? <Badge variant="outline">You</Badge> : null}
          </p>
          <p className="break-all text-sm text-muted-foreground">{member.email}</p>
          <p className="text-sm">
            Second step:{" "}
            {member.secondStep ? (
              <Badge variant="success">On</Badge>
            ) : (
              <Badge variant="muted">Off</Badge>
            )}
          </p>
        </div>
      </div>
      {member.secondStep && !isYou ? (
        <Button
          variant="outline"
          size="sm"
          className="min-h-11"
          aria-label={`Reset second step of ${nameOf(member)}`}
          onClick={onReset}
        >
          Reset second step
        </Button>
      ) : null}
    </Card>
  );
}

/**
 * The dashboard's Staff tab: the administrators and whether each has a second sign-in step.
 * For a colleague who lost theirs (a phone gone, a passkey's laptop replaced), "Reset second
 * step" removes their authenticator app, passkeys and recovery codes and signs them out
 * everywhere; they sign in again with their password and set up a new one. One's own second
 * step is changed on the security page instead.
 */
export function StaffTab({ userId }: { userId: string | null }) {
  const list = useQuery(contractQuery(mfaApi.staff, {}));
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The reset row's button goes once the list is read again: focus waits for that list, then
  // goes to the tab's heading rather than nowhere.
  const [refocusAfter, setRefocusAfter] = useState<number | null>(null);
  const reset = useContractMutation(
    mfaApi.resetFactor,
    ({ id, password }: { id: string; password: string }) => ({
      params: { id },
      body: { password },
    }),
    {
      onSuccess: ({ message }) => {
        setResetting(null);
        setRefocusAfter(list.dataUpdatedAt);
        toast.success(message);
      },
    },
  );
  const staff = list.data?.staff;
  useEffect(() => {
    if (refocusAfter === null || list.dataUpdatedAt <= refocusAfter) return;
    setRefocusAfter(null);
    heading.current?.focus();
  }, [refocusAfter, list.dataUpdatedAt]);

  return (
    <div className="grid gap-6">
      <div>
        <h2 ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
          Staff
        </h2>
        <p className="text-sm text-muted-foreground">
          The people who can sign in to this back office, and whether they use a second sign-in
          step.
        </p>
      </div>
      {list.isError ? (
        <LoadFailed title="Failed to load staff" query={list} />
      ) : !staff ? (
        <LoadingList label="Loading staff..." cards={2} />
      ) : staff.length === 0 ? (
        <StatePanel icon={Users} title="No staff yet" message="Administrators appear here." />
      ) : (
        <ul aria-label="Staff" className="grid gap-3">
          {staff.map((member) => (
            <li key={member.id}>
              <StaffRow
                member={member}
                isYou={member.id === userId}
                onReset={() => setResetting(member)}
              />
            </li>
          ))}
        </ul>
      )}
      <PasswordDialog
        open={resetting !== null}
        onOpenChange={(open) => {
          if (!open) setResetting(null);
        }}
        title={`Reset the second step of ${resetting ? nameOf(resetting) : ""}?`}
        description="This removes their authenticator app, passkeys and recovery codes, signs them out everywhere and e-mails them. They sign in again with their password and set up a new second step. Enter your own password to go on."
        confirmLabel="Reset second step"
        busyLabel="Resetting..."
        destructive
        focusAfterSuccess={() => heading.current}
        onConfirm={async ({ password }) => {
          if (resetting) await reset.mutateAsync({ id: resetting.id, password });
        }}
      />
    </div>
  );
}
