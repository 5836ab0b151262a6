import type { AdminShowing } from "#domain/showings";

/** A showing as the office's calendar answers it, booked unless told otherwise. */
export const adminShowing = (values: Partial<AdminShowing>): AdminShowing => ({
  id: crypto.randomUUID(),
  status: "booked",
  start: "2026-12-03T10:00:00-05:00",
  end: "2026-12-03T10:30:00-05:00",
  unit: { id: 7, number: "2B", propertyId: 3, building: "Elm Court" },
  name: "Ana Ruiz",
  email: "ana@example.com",
  phone: "8605550100",
  note: "",
  lang: "en",
  occupied: false,
  followUp: null,
  createdAt: "2026-12-01T15:00:00.000Z",
  ...values,
});
