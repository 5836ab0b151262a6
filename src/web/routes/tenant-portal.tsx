import { LogOut, Mail, Phone } from "lucide-react";
import { site } from "#domain/site";
import { Button } from "../components/ui/button";
import { useAuth } from "../features/auth/auth-provider";
import { displayNameOf } from "../features/auth/components/account-menu";
import { AuthCard } from "../features/auth/components/auth-card";
import { ProtectedPage } from "../features/auth/components/protected-page";
import { useLogout } from "../features/auth/use-logout";
import { privatePageMeta } from "../lib/meta";

export const meta = () => privatePageMeta("Tenant Portal");

function Portal() {
  const { user } = useAuth();
  const { logout } = useLogout();
  return (
    <AuthCard
      title="Tenant Portal"
      subtitle={user ? `Signed in as ${displayNameOf(user)}` : undefined}
    >
      <p className="text-sm">
        This site is our property showcase. To send us a document or a maintenance request, use the
        upload link our office e-mails you, or contact us:
      </p>
      <ul className="mt-4 space-y-2 text-sm">
        <li className="flex items-center gap-2">
          <Phone aria-hidden="true" className="size-4 text-primary" />
          <a href={site.phoneHref} className="text-primary hover:underline">
            {site.phone}
          </a>
        </li>
        <li className="flex items-center gap-2">
          <Mail aria-hidden="true" className="size-4 text-primary" />
          <a href={`mailto:${site.email}`} className="text-primary hover:underline">
            {site.email}
          </a>
        </li>
      </ul>
      <Button variant="outline" className="mt-6 w-full" onClick={() => void logout()}>
        <LogOut aria-hidden="true" /> Logout
      </Button>
    </AuthCard>
  );
}

/** /tenant-portal: where a signed-in tenant lands (tenants cannot use the staff login). */
export default function TenantPortal() {
  return (
    <ProtectedPage>
      <Portal />
    </ProtectedPage>
  );
}
