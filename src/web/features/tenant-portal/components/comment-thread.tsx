import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { MessageSquare } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import {
  type MaintenanceComment,
  type MaintenanceCommentInput,
  type MaintenanceRequest,
  maintenanceCommentSchema,
  maintenanceMessages,
  OFFICE_AUTHOR_NAME,
} from "#domain/maintenance";
import { Button } from "#web/components/ui/button";
import { TextAreaField } from "#web/components/ui/form-field";
import { ApiError, failureDetail } from "#web/lib/api-client";
import { formatDateTime } from "#web/lib/format-date-time";
import { useContractMutation } from "#web/lib/query";
import { cn } from "#web/lib/utils";
import { portalMessages } from "../portal-messages";
import { putRequest } from "../portal-queries";

/** 'You', 'The office', or a named colleague as 'Dana Lee (Office)'. */
function authorLabel({ author }: MaintenanceComment): string {
  if (author.role === "tenant") return "You";
  return author.name === OFFICE_AUTHOR_NAME ? author.name : `${author.name} (Office)`;
}

function Comment({ comment }: { comment: MaintenanceComment }) {
  const office = comment.author.role === "staff";
  return (
    <li
      className={cn(
        "grid gap-1 rounded-md border p-3 text-sm",
        office ? "mr-6 border-primary bg-secondary" : "ml-6 border-border bg-muted",
      )}
    >
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">{authorLabel(comment)}</span>
        <span className="text-xs">{formatDateTime(comment.createdAt)}</span>
      </p>
      <p className="whitespace-pre-line break-words">{comment.body}</p>
    </li>
  );
}

/** Why a comment was refused: a closed request (409) or a gone one (404) in the domain's words. */
function commentFailure(error: Error): string {
  if (error instanceof ApiError && error.status === 409)
    return error.fromServer ? error.message : maintenanceMessages.closed;
  if (error instanceof ApiError && error.status === 404)
    return error.fromServer ? error.message : maintenanceMessages.notFound;
  return `${portalMessages.commentNotSent} ${failureDetail(error)}`;
}

function CommentForm({ request }: { request: MaintenanceRequest }) {
  const client = useQueryClient();
  const [sent, setSent] = useState(false);
  const form = useForm<MaintenanceCommentInput>({
    resolver: zodResolver(maintenanceCommentSchema),
    defaultValues: { body: "" },
  });
  const post = useContractMutation(
    tenantPortalApi.comment,
    (body: MaintenanceCommentInput) => ({ params: { id: request.id }, body }),
    {
      onSuccess: (updated) => {
        putRequest(client, updated);
        form.reset({ body: "" });
        setSent(true);
      },
      onError: (error) =>
        form.setError("body", { message: commentFailure(error) }, { shouldFocus: true }),
    },
  );
  const onSubmit = form.handleSubmit((body) => {
    setSent(false);
    post.mutate(body);
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-2"
      aria-label={`Comment on ${request.title}`}
    >
      <TextAreaField
        label="Add a comment"
        rows={3}
        className="[&_textarea]:min-h-20"
        error={form.formState.errors.body?.message}
        {...form.register("body", { onChange: () => setSent(false) })}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm font-medium text-primary">
          {sent ? maintenanceMessages.commentSent : null}
        </p>
        <Button type="submit" variant="outline" className="h-11" disabled={post.isPending}>
          <MessageSquare aria-hidden="true" />
          {post.isPending ? "Sending..." : "Send comment"}
        </Button>
      </div>
    </form>
  );
}

/** The conversation with the office: the office's comments and the tenant's, told apart. */
export function CommentThread({
  request,
  closed,
}: {
  request: MaintenanceRequest;
  closed: boolean;
}) {
  return (
    <div className="grid gap-3">
      <p className="text-sm font-semibold">
        {request.comments.length === 0
          ? "No comments yet"
          : `Comments (${request.comments.length})`}
      </p>
      {request.comments.length > 0 ? (
        <ol aria-label={`Comments on ${request.title}`} className="grid gap-2">
          {request.comments.map((comment) => (
            <Comment key={comment.id} comment={comment} />
          ))}
        </ol>
      ) : null}
      {closed ? (
        <p className="text-sm text-muted-foreground">{maintenanceMessages.closed}</p>
      ) : (
        <CommentForm request={request} />
      )}
    </div>
  );
}
