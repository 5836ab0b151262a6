import { usersMessages } from "#domain/users";
import { conflict, notFound } from "#server/http/errors";

export const emailTaken = (email: string) => conflict(usersMessages.emailTaken(email));
export const noSuchEmail = (email: string) => notFound(usersMessages.noSuchEmail(email));
