import { index, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The pages inside the shared layout (header, footer, page transition), then those outside it.
 * The renter-facing pages answer in English at their address and in Spanish under `/es` (the
 * optional `es?` segment): one route module serves both, and the path decides the language.
 */
export default [
  route("es?", "routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("properties", "routes/properties.tsx"),
    route("properties/:id", "routes/unit.tsx"),
    route("properties/:id/showing", "routes/showing-booking.tsx"),
    route("properties/:id/apply", "routes/unit-apply.tsx"),
    route("buildings/:id", "routes/building.tsx"),
    route("buildings/:id/waitlist", "routes/building-waitlist.tsx"),
    route("services", "routes/services.tsx"),
    route("contact", "routes/contact.tsx"),
    route("accessibility", "routes/accessibility.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("privacy/requests/:token", "routes/privacy-request.tsx"),
    route("showings/:token", "routes/showing.tsx"),
    route("terms", "routes/terms.tsx"),
    route("upload/:token", "routes/upload.tsx"),
    route("apply/:token", "routes/apply.tsx"),
    route("waitlist/:token", "routes/waitlist.tsx"),
    route("alerts/confirm/:token", "routes/alert-confirm.tsx"),
    route("alerts/manage/:token", "routes/alert-manage.tsx"),
  ]),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("es?/tenant-portal", "routes/tenant-portal.tsx"),
  route("es?/tenant-portal/sign-in", "routes/tenant-portal-sign-in.tsx"),
  route("reset-users", "routes/reset-users.tsx"),
  route("admin-dashboard", "routes/admin-dashboard.tsx"),
  route("account/security", "routes/account-security.tsx"),
  route("es?/notifications", "routes/notifications.tsx"),
  route("es?/settings/notifications", "routes/notification-settings.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
