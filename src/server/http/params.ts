import { z } from "zod";

/** A route's `:id`, read as text: each route parses it and answers 404 to one that is not an id. */
export const idParams = z.object({ id: z.string() });
