import { useNavigate } from "react-router";
import { isRefusal } from "#web/lib/api-client";
import { useQueryErrors } from "#web/lib/use-query-errors";

/**
 * When the office requires a second sign-in step (MFA_REQUIRED) and this administrator has
 * none, every back-office call is refused 403 `mfa_enrollment_required`: the first such refusal
 * sends them to the security page to add one, with the reason in the address.
 */
export function useEnrollmentRedirect() {
  const navigate = useNavigate();
  useQueryErrors((error) => {
    if (isRefusal(error, "mfa_enrollment_required"))
      navigate("/account/security?enrol=required", { replace: true });
  });
}
