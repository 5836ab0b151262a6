import { useQuery } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { mfaApi } from "#domain/api/mfa";
import { mfaMessages } from "#domain/mfa";
import { answer, handle, refuse, refuseWithCode } from "#tests/support/api-mocks";
import { testQueryClient } from "#tests/support/render-with-query";
import { contractQuery, QueryProvider, useContractMutation } from "#web/lib/query";
import { useEnrollmentRedirect } from "./use-enrollment-redirect";

const refused = () =>
  refuseWithCode(403, "mfa_enrollment_required", mfaMessages.enrollmentRequired);

function BackOffice({ read }: { read: boolean }) {
  useEnrollmentRedirect();
  const staff = useQuery({ ...contractQuery(mfaApi.staff, {}), enabled: read });
  const reset = useContractMutation(mfaApi.resetFactor, (id: string) => ({
    params: { id },
    body: { password: "a password" },
  }));
  return (
    <>
      <p>{staff.isError ? "The list failed" : "Back office"}</p>
      <button type="button" onClick={() => reset.mutate("7")}>
        Reset
      </button>
    </>
  );
}

function Landed() {
  const location = useLocation();
  return <p>{`Landed on ${location.pathname}${location.search}`}</p>;
}

function renderBackOffice(read = true) {
  const Stub = createRoutesStub([
    { path: "/admin-dashboard", Component: () => <BackOffice read={read} /> },
    { path: "/account/security", Component: Landed },
  ]);
  return render(
    <QueryProvider client={testQueryClient()}>
      <Stub initialEntries={["/admin-dashboard"]} />
    </QueryProvider>,
  );
}

describe("the back office when a second step is required and missing", () => {
  it("sends the administrator to add one when a read is refused", async () => {
    answer(handle(mfaApi.staff, refused));
    renderBackOffice();
    expect(
      await screen.findByText("Landed on /account/security?enrol=required"),
    ).toBeInTheDocument();
  });

  it("does so when a write is refused too", async () => {
    answer(handle(mfaApi.resetFactor, refused));
    renderBackOffice(false);
    await userEvent.click(screen.getByRole("button", { name: "Reset" }));
    expect(
      await screen.findByText("Landed on /account/security?enrol=required"),
    ).toBeInTheDocument();
  });

  it("leaves any other refusal to the page", async () => {
    answer(handle(mfaApi.staff, () => refuse(403, "Administrators only.")));
    renderBackOffice();
    expect(await screen.findByText("The list failed")).toBeInTheDocument();
  });
});
