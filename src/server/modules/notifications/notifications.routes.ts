import type { FastifyPluginAsync } from "fastify";
import { notificationsApi as api } from "#domain/api/notifications";
import type { Db } from "#server/db/client";
import { type RouteRequest, route } from "#server/http/route";
import {
  clearNotifications,
  listNotifications,
  markAllRead,
  markRead,
  preferencesOf,
  removeNotification,
  savePreferences,
} from "./notifications.service";

type Deps = { db: Db };

/** A signed-in person's own notifications and preferences; nobody reaches anyone else's. */
export const notificationsRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    route(app, api.list, (request) => list(deps, request));
    route(app, api.markRead, (request) => markOne(deps, request));
    route(app, api.markAllRead, (request) => markAll(deps, request));
    route(app, api.remove, (request) => remove(deps, request));
    route(app, api.clear, (request) => clear(deps, request));
    route(app, api.preferences, (request) => preferences(deps, request));
    route(app, api.savePreferences, (request) => savePreferencesOf(deps, request));
  };

const done = (message: string) => ({ success: true as const, message });

// Each contract's guard signs the person in first: `request.user` is set in every handler.

async function list({ db }: Deps, request: RouteRequest<typeof api.list>) {
  return { notifications: await listNotifications(db, request.user!.uid) };
}

async function markOne({ db }: Deps, request: RouteRequest<typeof api.markRead>) {
  return markRead(db, request.user!.uid, request.params.id, request.body.read);
}

async function markAll({ db }: Deps, request: RouteRequest<typeof api.markAllRead>) {
  await markAllRead(db, request.user!.uid);
  return done("All notifications marked as read");
}

async function remove({ db }: Deps, request: RouteRequest<typeof api.remove>) {
  await removeNotification(db, request.user!.uid, request.params.id);
  return done("Notification deleted");
}

async function clear({ db }: Deps, request: RouteRequest<typeof api.clear>) {
  await clearNotifications(db, request.user!.uid);
  return done("All notifications cleared");
}

async function preferences({ db }: Deps, request: RouteRequest<typeof api.preferences>) {
  return preferencesOf(db, request.user!.uid);
}

async function savePreferencesOf({ db }: Deps, request: RouteRequest<typeof api.savePreferences>) {
  return savePreferences(db, request.user!.uid, request.body);
}
