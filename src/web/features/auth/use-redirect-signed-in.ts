import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "./auth-provider";
import { homeOf } from "./session-pages";

/** Login, register and reset pages send a signed-in visitor to their home instead. */
export function useRedirectSignedIn(enabled = true) {
  const { user, ready } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (enabled && ready && user) navigate(homeOf(user.role), { replace: true });
  }, [enabled, ready, user, navigate]);
  return { waiting: !ready || (enabled && Boolean(user)) };
}
