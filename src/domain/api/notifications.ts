import {
  notificationPreferencesSchema as miniPreferencesSchema,
  type NotificationPreferences,
} from "#domain/notification-preferences";
import {
  type Notification,
  notificationCategories,
  notificationPriorities,
  notificationTypes,
} from "#domain/notifications";
import { z } from "#domain/zod";
import { apiErrorSchema, defineApi, doneSchema, idParams } from "./contract";

/**
 * The settings page's own schema, written with zod's smaller build so that the renter's page does
 * not load the full one: the same validation core, so the server and the OpenAPI document read it
 * as any other (only its TypeScript type differs).
 */
const preferencesSchema = miniPreferencesSchema as unknown as z.ZodType<NotificationPreferences>;
const preferencesAnswer = z.object({ preferences: preferencesSchema, saved: z.boolean() });

export const serverNotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.enum(notificationTypes),
  category: z.enum(notificationCategories),
  priority: z.enum(notificationPriorities),
  read: z.boolean(),
  timestamp: z.string(),
  actionUrl: z.string().optional(),
  actionLabel: z.string().optional(),
}) satisfies z.ZodType<Notification>;

/**
 * A signed-in person's notifications from the server (a maintenance request's news, for now),
 * shown by the notification centre beside the browser's own, and their notification preferences,
 * which decide which e-mails they are sent.
 */
export const notificationsApi = defineApi("notifications", {
  list: {
    method: "GET",
    path: "/api/notifications",
    summary: "The signed-in person's notifications, newest first (the last 200)",
    guard: "user",
    unpaged: "A person's notifications are kept to their last 200: the centre shows them whole.",
    reads: "notifications",
    responses: { 200: z.object({ notifications: z.array(serverNotificationSchema).max(200) }) },
  },
  markRead: {
    method: "PATCH",
    path: "/api/notifications/:id",
    summary: "Marks one notification read or unread",
    guard: "user",
    params: idParams,
    body: z.object({ read: z.boolean() }),
    invalidates: ["notifications"],
    responses: { 200: serverNotificationSchema, 404: apiErrorSchema },
  },
  markAllRead: {
    method: "POST",
    path: "/api/notifications/read-all",
    summary: "Marks every notification read",
    guard: "user",
    invalidates: ["notifications"],
    responses: { 200: doneSchema },
  },
  remove: {
    method: "DELETE",
    path: "/api/notifications/:id",
    summary: "Deletes one notification",
    guard: "user",
    params: idParams,
    invalidates: ["notifications"],
    responses: { 200: doneSchema, 404: apiErrorSchema },
  },
  clear: {
    method: "DELETE",
    path: "/api/notifications",
    summary: "Deletes every notification",
    guard: "user",
    invalidates: ["notifications"],
    responses: { 200: doneSchema },
  },
  preferences: {
    method: "GET",
    path: "/api/account/notification-preferences",
    summary: "The signed-in person's notification preferences (the defaults until saved)",
    guard: "user",
    reads: "notifications",
    responses: { 200: preferencesAnswer },
  },
  savePreferences: {
    method: "PUT",
    path: "/api/account/notification-preferences",
    summary: "Stores the notification preferences: which e-mails the person is sent",
    guard: "user",
    body: preferencesSchema,
    invalidates: ["notifications"],
    responses: { 200: preferencesAnswer },
  },
});
