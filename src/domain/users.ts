import { accountMessages } from "./auth";
import { PASSWORD_MIN_LENGTH } from "./constants";
import { userRoles } from "./roles";
import { z } from "./zod";

/** The users command's refusals (npm run users), naming the e-mail address. */
export const usersMessages = {
  emailTaken: (email: string) => `A user with the e-mail ${email} already exists.`,
  noSuchEmail: (email: string) => `No user has the e-mail ${email}.`,
} as const;

export const emailSchema = z
  .string()
  .trim()
  .email({ error: "Please enter a valid email address" })
  .max(254)
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, {
    error: accountMessages.passwordLength,
  })
  .max(200);

/** A staff or tenant account as the command line creates it (registration is disabled). */
export const newUserSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  role: z.enum(userRoles).default("tenant"),
  displayName: z.string().trim().min(2).max(100).optional(),
  emailVerified: z.boolean().default(true),
});
export type NewUser = z.input<typeof newUserSchema>;
