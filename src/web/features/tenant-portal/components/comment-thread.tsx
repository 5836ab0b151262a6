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
import { useI18n } from "#web/i18n/i18n-provider";
import { translateMessage } from "#web/i18n/translate-message";
import { ApiError } from "#web/lib/api-client";
import { formatDateTime } from "#web/lib/format-date-time";
import { useContractMutation } from "#web/lib/query";
import { cn } from "#web/lib/utils";
import { putRequest } from "../portal-queries";
import { useFailureDetail } from "../use-failure-detail";

/** 'You', 'The office', or a named colleague as 'Dana Lee (Office)'. */
function useAuthorLabel(): (comment: MaintenanceComment) => string {
  const { t } = useI18n();
  return ({ author }) => {
    if (author.role === "tenant") return t("portal.comments.you");
    return author.name === OFFICE_AUTHOR_NAME
      ? t("portal.comments.office")
      : t("portal.comments.colleague", { name: author.name });
  };
}

function Comment({ comment }: { comment: MaintenanceComment }) {
  const { intl } = useI18n();
  const authorLabel = useAuthorLabel();
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
        <span className="text-xs">{formatDateTime(comment.createdAt, intl)}</span>
      </p>
      <p className="whitespace-pre-line break-words">{comment.body}</p>
    </li>
  );
}

/**
 * Why a comment was refused: a closed request (409) or a gone one (404) in the domain's words
 * (the form field shows them in the page's language), else what failed.
 */
function useCommentFailure(): (error: Error) => string {
  const { t } = useI18n();
  const why = useFailureDetail();
  return (error) => {
    if (error instanceof ApiError && error.status === 409)
      return error.fromServer ? error.message : maintenanceMessages.closed;
    if (error instanceof ApiError && error.status === 404)
      return error.fromServer ? error.message : maintenanceMessages.notFound;
    return `${t("portal.comments.notSent")} ${why(error)}`;
  };
}

function CommentForm({ request }: { request: MaintenanceRequest }) {
  const client = useQueryClient();
  const { t } = useI18n();
  const commentFailure = useCommentFailure();
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
      aria-label={t("portal.comments.form", { title: request.title })}
    >
      <TextAreaField
        label={t("portal.comments.add")}
        rows={3}
        className="[&_textarea]:min-h-20"
        error={form.formState.errors.body?.message}
        {...form.register("body", { onChange: () => setSent(false) })}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm font-medium text-primary">
          {sent ? translateMessage(t, maintenanceMessages.commentSent) : null}
        </p>
        <Button type="submit" variant="outline" className="h-11" disabled={post.isPending}>
          <MessageSquare aria-hidden="true" />
          {post.isPending ? t("portal.sending") : t("portal.comments.send")}
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
  const { t } = useI18n();
  return (
    <div className="grid gap-3">
      <p className="text-sm font-semibold">
        {request.comments.length === 0
          ? t("portal.comments.none")
          : t("portal.comments.count", { count: request.comments.length })}
      </p>
      {request.comments.length > 0 ? (
        <ol aria-label={t("portal.comments.list", { title: request.title })} className="grid gap-2">
          {request.comments.map((comment) => (
            <Comment key={comment.id} comment={comment} />
          ))}
        </ol>
      ) : null}
      {closed ? (
        <p className="text-sm text-muted-foreground">
          {translateMessage(t, maintenanceMessages.closed)}
        </p>
      ) : (
        <CommentForm request={request} />
      )}
    </div>
  );
}
