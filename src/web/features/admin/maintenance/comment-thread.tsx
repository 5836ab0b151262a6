import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import {
  type MaintenanceCommentInput,
  type MaintenanceRequest,
  maintenanceCommentSchema,
  maintenanceStaffMessages as words,
} from "#domain/maintenance";
import type { z } from "#domain/zod";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { TextAreaField } from "#web/components/ui/form-field";
import { ApiError } from "#web/lib/api-client";
import { formatDateTime } from "#web/lib/format-date-time";
import { cn } from "#web/lib/utils";
import { useRequestWrite } from "./use-maintenance";

type Comment = z.output<typeof maintenanceCommentSchema>;

function Thread({ request }: { request: MaintenanceRequest }) {
  if (request.comments.length === 0) {
    return <p className="text-sm text-muted-foreground">{words.noComments}</p>;
  }
  return (
    <ol aria-label="Comments" className="grid gap-3">
      {request.comments.map((comment) => {
        const staff = comment.author.role === "staff";
        return (
          <li
            key={comment.id}
            className={cn(
              "grid gap-1 rounded-md border border-border p-3 text-sm",
              staff ? "bg-muted sm:ml-8" : "bg-background sm:mr-8",
            )}
          >
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{comment.author.name}</span>
              <Badge variant={staff ? "secondary" : "outline"}>{staff ? "Office" : "Tenant"}</Badge>
              <span className="text-muted-foreground">{formatDateTime(comment.createdAt)}</span>
            </p>
            <p className="whitespace-pre-wrap break-words">{comment.body}</p>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The conversation with the tenant, oldest first, and the office's reply box. The tenant is
 * e-mailed each comment by the server.
 */
export function CommentThread({ request }: { request: MaintenanceRequest }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<MaintenanceCommentInput, unknown, Comment>({
    resolver: zodResolver(maintenanceCommentSchema),
    defaultValues: { body: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const send = useRequestWrite(adminMaintenanceApi.comment, request.id);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send.mutateAsync(values);
      form.reset({ body: "" });
      toast.success(words.commentSent);
    } catch (error) {
      setFailure(
        error instanceof ApiError && (error.fromServer || error.status === 0)
          ? error.message
          : words.commentFailed,
      );
    }
  });

  return (
    <section aria-labelledby="request-comments" className="grid gap-3">
      <h3 id="request-comments" className="font-semibold">
        {`Comments (${request.commentCount})`}
      </h3>
      <Thread request={request} />
      <form onSubmit={submit} noValidate className="grid gap-2">
        <TextAreaField
          label="Comment to the tenant"
          hint="The tenant sees it in the portal and by e-mail."
          className="[&_textarea]:min-h-24"
          error={errors.body?.message}
          {...form.register("body")}
        />
        {failure ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
          >
            {failure}
          </p>
        ) : null}
        <div>
          <Button type="submit" className="h-11" disabled={isSubmitting}>
            <Send aria-hidden="true" />
            {isSubmitting ? "Sending..." : "Send comment"}
          </Button>
        </div>
      </form>
    </section>
  );
}
