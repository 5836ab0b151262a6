import type { FastifyPluginAsync } from "fastify";
import { notificationsApi as api } from "#domain/api/notifications";
import type { Db } from "#server/db/client";
import { route } from "#server/http/route";
import {
  clearNotifications,
  listNotifications,
  markAllRead,
  markRead,
  preferencesOf,
  removeNotification,
  savePreferences,
} from "./notifications.service";

const done = (message: string) => ({ success: true as const, message });

/** A signed-in person's own notifications and preferences; nobody reaches anyone else's. */
export const notificationsRoutes =
  (deps: { db: Db }): FastifyPluginAsync =>
  async (app) => {
    const { db } = deps;
    route(app, api.list, async (request) => ({
      notifications: await listNotifications(db, request.user!.uid),
    }));
    route(app, api.markRead, async (request) =>
      markRead(db, request.user!.uid, request.params.id, request.body.read),
    );
    route(app, api.markAllRead, async (request) => {
      await markAllRead(db, request.user!.uid);
      return done("All notifications marked as read");
    });
    route(app, api.remove, async (request) => {
      await removeNotification(db, request.user!.uid, request.params.id);
      return done("Notification deleted");
    });
    route(app, api.clear, async (request) => {
      await clearNotifications(db, request.user!.uid);
      return done("All notifications cleared");
    });
    route(app, api.preferences, async (request) => preferencesOf(db, request.user!.uid));
    route(app, api.savePreferences, async (request) =>
      savePreferences(db, request.user!.uid, request.body),
    );
  };
