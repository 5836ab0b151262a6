import { Home, LogOut } from "lucide-react";
import { Link } from "react-router";
import { Logo } from "../components/layout/logo";
import { Button, buttonVariants } from "../components/ui/button";
import { useAuth } from "../features/auth/auth-provider";
import { ProtectedPage } from "../features/auth/components/protected-page";
import { useLogout } from "../features/auth/use-logout";
import { privatePageMeta } from "../lib/meta";
import { cn } from "../lib/utils";

export const meta = () => privatePageMeta("Admin Dashboard");

function DashboardHeader() {
  const { user } = useAuth();
  const { logout } = useLogout();
  return (
    <header className="border-b border-border bg-background">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6 lg:px-8">
        <div className="flex items-center gap-4">
          <Logo />
          <p className="text-sm text-muted-foreground">{`Welcome, ${user?.email ?? ""}`}</p>
        </div>
        <nav aria-label="Dashboard" className="flex items-center gap-2">
          <Link to="/" className={cn(buttonVariants({ variant: "ghost", size: "sm" }))}>
            <Home aria-hidden="true" /> Home
          </Link>
          <Button variant="outline" size="sm" onClick={() => void logout({ redirectTo: "/login" })}>
            <LogOut aria-hidden="true" /> Logout
          </Button>
        </nav>
      </div>
    </header>
  );
}

/** /admin-dashboard: administrators only. Its Overview, Properties and Files tabs are the back office issue. */
export default function AdminDashboard() {
  return (
    <ProtectedPage roles="admin">
      <div className="min-h-dvh bg-muted">
        <DashboardHeader />
        <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
          <h1 className="text-2xl font-bold">Admin Dashboard</h1>
        </main>
      </div>
    </ProtectedPage>
  );
}
