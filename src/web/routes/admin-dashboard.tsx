import {
  Building2,
  CalendarDays,
  ClipboardList,
  FileText,
  History,
  Home,
  LayoutDashboard,
  LogOut,
  Mail,
  Send,
  ShieldCheck,
  Users,
  Wrench,
} from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { dashboardTabs } from "#domain/admin";
import { Logo } from "../components/layout/logo";
import { Badge } from "../components/ui/badge";
import { Button, buttonVariants } from "../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { SecondStepReminder } from "../features/account/components/second-step-reminder";
import { useApplicationsWaiting } from "../features/admin/applications/use-applications";
import { useUnhandledCount } from "../features/admin/inquiries/use-inquiry-list";
import { lazyTab } from "../features/admin/lazy-tab";
import { useFailedMailCount } from "../features/admin/mail/use-outgoing-mail";
import { MaintenanceTabCount } from "../features/admin/maintenance/maintenance-tab-count";
import { usePrivacyRequestCounts } from "../features/admin/privacy/use-privacy-requests";
import { useShowingRequestCount } from "../features/admin/showings/use-showings";
import { useAdminProperties } from "../features/admin/use-admin-properties";
import { useEnrollmentRedirect } from "../features/admin/use-enrollment-redirect";
import { useAuth } from "../features/auth/auth-provider";
import { ProtectedPage } from "../features/auth/components/protected-page";
import { useLogout } from "../features/auth/use-logout";
import { useListAddress } from "../lib/list-address";
import { privatePageMeta } from "../lib/meta";
import { QueryProvider } from "../lib/query";
import { cn } from "../lib/utils";

export const meta = () => privatePageMeta("Admin Dashboard");

const tabs = dashboardTabs;
type Tab = (typeof tabs)[number];

// Each tab's code loads when the tab is first shown: the dashboard's first view carries one tab,
// not eight.
const TabCode = {
  overview: lazyTab(
    () => import("../features/admin/overview/overview-tab").then((m) => m.OverviewTab),
    "Loading dashboard statistics...",
  ),
  properties: lazyTab(
    () => import("../features/admin/properties/properties-tab").then((m) => m.PropertiesTab),
    "Loading properties...",
  ),
  showings: lazyTab(
    () => import("../features/admin/showings/showings-tab").then((m) => m.ShowingsTab),
    "Loading showings...",
  ),
  applications: lazyTab(
    () => import("../features/admin/applications/applications-tab").then((m) => m.ApplicationsTab),
    "Loading applications...",
  ),
  maintenance: lazyTab(
    () => import("../features/admin/maintenance/maintenance-tab").then((m) => m.MaintenanceTab),
    "Loading maintenance requests...",
  ),
  files: lazyTab(
    () => import("../features/admin/files/files-tab").then((m) => m.FilesTab),
    "Loading files...",
  ),
  inquiries: lazyTab(
    () => import("../features/admin/inquiries/inquiries-tab").then((m) => m.InquiriesTab),
    "Loading inquiries...",
  ),
  mail: lazyTab(
    () => import("../features/admin/mail/outgoing-mail-tab").then((m) => m.OutgoingMailTab),
    "Loading outgoing mail...",
  ),
  activity: lazyTab(
    () => import("../features/admin/activity/activity-tab").then((m) => m.ActivityTab),
    "Loading activity...",
  ),
  staff: lazyTab(
    () => import("../features/admin/staff/staff-tab").then((m) => m.StaffTab),
    "Loading staff...",
  ),
  privacy: lazyTab(
    () => import("../features/admin/privacy/privacy-tab").then((m) => m.PrivacyTab),
    "Loading privacy requests...",
  ),
} satisfies Record<Tab, { preload(): void }>;

/** A tab's name: the pointer or the focus reaching it starts fetching the tab's code. */
function DashboardTrigger({ value, children }: { value: Tab; children: ReactNode }) {
  const preload = () => TabCode[value].preload();
  return (
    <TabsTrigger value={value} onPointerEnter={preload} onFocus={preload}>
      {children}
    </TabsTrigger>
  );
}

function DashboardHeader() {
  const { user } = useAuth();
  const { logout } = useLogout();
  return (
    <header className="border-b border-border bg-background">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6 lg:px-8">
        <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1">
          <Logo />
          <p className="min-w-0 break-all text-sm text-muted-foreground">{`Welcome, ${user?.email ?? ""}`}</p>
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

/**
 * /admin-dashboard: administrators only. One load of the property list feeds the Overview and
 * Properties tabs; the open tab is kept in the address (?tab=), so a reload or a shared link opens
 * the same tab. Showings is the office's calendar of renters' showings; its badge counts the
 * requests waiting for confirmation. Applications are the rental applications renters were
 * invited to; its badge counts those submitted and waiting for the office. Maintenance runs the tenants' repair requests; its badge counts the open ones and
 * marks the emergencies among them. In the Inquiries tab the office reads the contact form's messages; its badge
 * counts the unhandled ones. Outgoing mail lists the e-mail the site sends; its badge counts the
 * messages that failed for good. Activity is the audit trail: who changed what, every sign-in.
 * Staff lists the administrators and resets a colleague's lost second sign-in step. Privacy
 * answers a person's request: what is held about an address, its export, its erasure.
 *
 * An administrator without a second step is reminded to add one; when the office requires one,
 * the first refused call sends them to add it.
 */
function Dashboard() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = tabs.find((t) => t === requested) ?? "overview";
  const { user } = useAuth();
  // The Properties tab's search and page (in the address) choose the page of buildings loaded;
  // the other tabs show the first.
  const propertyAddress = useListAddress(["q"]);
  const state = useAdminProperties(
    tab === "properties" ? { q: propertyAddress.filters.q, cursor: propertyAddress.cursor } : {},
  );
  const unhandled = useUnhandledCount();
  const failedMail = useFailedMailCount();
  const privacyRequests = usePrivacyRequestCounts();
  const showingRequests = useShowingRequestCount();
  const applicationsWaiting = useApplicationsWaiting();
  const heading = useRef<HTMLHeadingElement>(null);
  useEnrollmentRedirect();
  const select = (value: string) =>
    setParams(
      (current) => {
        // Another tab opens at its own first page, unfiltered: a list's cursor, filters and
        // search (some share names: `status`, `q`) belong to the tab that set them, and a
        // request opened in the Maintenance tab is not open in another tab.
        if (value === tab) return current;
        const next = new URLSearchParams();
        if (value !== "overview") next.set("tab", value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
        Admin Dashboard
      </h1>
      <div className="mt-4 empty:hidden">
        <SecondStepReminder onDismiss={() => heading.current?.focus()} />
      </div>
      <Tabs value={tab} onValueChange={select} className="mt-6">
        <TabsList aria-label="Dashboard sections">
          <DashboardTrigger value="overview">
            <LayoutDashboard aria-hidden="true" className="size-4" /> Overview
          </DashboardTrigger>
          <DashboardTrigger value="properties">
            <Building2 aria-hidden="true" className="size-4" /> Properties
          </DashboardTrigger>
          <DashboardTrigger value="showings">
            <CalendarDays aria-hidden="true" className="size-4" /> Showings
            {showingRequests ? (
              <Badge aria-label={`${showingRequests} to confirm`}>{showingRequests}</Badge>
            ) : null}
          </DashboardTrigger>
          <DashboardTrigger value="applications">
            <ClipboardList aria-hidden="true" className="size-4" /> Applications
            {applicationsWaiting ? (
              <Badge aria-label={`${applicationsWaiting} waiting`}>{applicationsWaiting}</Badge>
            ) : null}
          </DashboardTrigger>
          <DashboardTrigger value="maintenance">
            <Wrench aria-hidden="true" className="size-4" /> Maintenance
            <MaintenanceTabCount />
          </DashboardTrigger>
          <DashboardTrigger value="files">
            <FileText aria-hidden="true" className="size-4" /> Files
          </DashboardTrigger>
          <DashboardTrigger value="inquiries">
            <Mail aria-hidden="true" className="size-4" /> Inquiries
            {unhandled ? (
              <Badge variant="destructive" aria-label={`${unhandled} unhandled`}>
                {unhandled}
              </Badge>
            ) : null}
          </DashboardTrigger>
          <DashboardTrigger value="mail">
            <Send aria-hidden="true" className="size-4" /> Outgoing mail
            {failedMail ? (
              <Badge variant="destructive" aria-label={`${failedMail} failed`}>
                {failedMail}
              </Badge>
            ) : null}
          </DashboardTrigger>
          <DashboardTrigger value="activity">
            <History aria-hidden="true" className="size-4" /> Activity
          </DashboardTrigger>
          <DashboardTrigger value="staff">
            <Users aria-hidden="true" className="size-4" /> Staff
          </DashboardTrigger>
          <DashboardTrigger value="privacy">
            <ShieldCheck aria-hidden="true" className="size-4" /> Privacy
            {privacyRequests?.overdue ? (
              <Badge variant="destructive" aria-label={`${privacyRequests.overdue} overdue`}>
                {privacyRequests.overdue}
              </Badge>
            ) : privacyRequests?.open ? (
              <Badge aria-label={`${privacyRequests.open} open`}>{privacyRequests.open}</Badge>
            ) : null}
          </DashboardTrigger>
        </TabsList>
        <TabsContent value="overview">
          <TabCode.overview state={state} />
        </TabsContent>
        <TabsContent value="properties">
          <TabCode.properties state={state} userId={user?.uid ?? null} />
        </TabsContent>
        <TabsContent value="showings">
          <TabCode.showings />
        </TabsContent>
        <TabsContent value="applications">
          <TabCode.applications />
        </TabsContent>
        <TabsContent value="maintenance">
          <TabCode.maintenance />
        </TabsContent>
        <TabsContent value="files">
          <TabCode.files />
        </TabsContent>
        <TabsContent value="inquiries">
          <TabCode.inquiries />
        </TabsContent>
        <TabsContent value="mail">
          <TabCode.mail />
        </TabsContent>
        <TabsContent value="activity">
          <TabCode.activity />
        </TabsContent>
        <TabsContent value="staff">
          <TabCode.staff userId={user?.uid ?? null} />
        </TabsContent>
        <TabsContent value="privacy">
          <TabCode.privacy />
        </TabsContent>
      </Tabs>
    </main>
  );
}

export default function AdminDashboard() {
  return (
    <ProtectedPage roles="admin">
      <QueryProvider>
        <div className="min-h-dvh bg-muted">
          <DashboardHeader />
          <Dashboard />
        </div>
      </QueryProvider>
    </ProtectedPage>
  );
}
