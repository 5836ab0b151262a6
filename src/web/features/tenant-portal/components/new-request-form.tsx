import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import {
  type MaintenanceFields,
  type MaintenanceFieldsInput,
  type MaintenanceRequest,
  maintenanceCategories,
  maintenanceFieldsSchema,
  maintenanceMessages,
  maintenanceUrgencies,
} from "#domain/maintenance";
import { Button } from "#web/components/ui/button";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";
import { translateMessage } from "#web/i18n/translate-message";
import { upload } from "#web/lib/api-client";
import { invalidate } from "#web/lib/query";
import { putRequest } from "../portal-queries";
import { readRefusal } from "../refusals";
import { type PhotoPick, usePhotoPicks } from "../use-photo-picks";
import { EmergencyNote } from "./emergency-note";
import { PhotoPicker } from "./photo-picker";
import { RadioGroup } from "./radio-group";

type FieldName = keyof MaintenanceFieldsInput;
const fieldNames: FieldName[] = [
  "title",
  "description",
  "category",
  "urgency",
  "permissionToEnter",
  "preferredTimes",
];

const empty: MaintenanceFieldsInput = {
  title: "",
  description: "",
  // Nothing is chosen for the person: the schema's own message asks for a choice.
  category: "" as MaintenanceFieldsInput["category"],
  urgency: undefined as unknown as MaintenanceFieldsInput["urgency"],
  permissionToEnter: undefined as unknown as MaintenanceFieldsInput["permissionToEnter"],
  preferredTimes: "",
};

/** The multipart body the contract names: the fields as text, then each photo as `photos`. */
function requestBody(fields: MaintenanceFields, photos: PhotoPick[]): FormData {
  const body = new FormData();
  body.append("title", fields.title);
  body.append("description", fields.description);
  body.append("category", fields.category);
  body.append("urgency", fields.urgency);
  body.append("permissionToEnter", fields.permissionToEnter ? "yes" : "no");
  body.append("preferredTimes", fields.preferredTimes);
  for (const photo of photos) body.append("photos", photo.file, photo.file.name);
  return body;
}

/**
 * A new maintenance request: checked here with the server's own schema, sent with its photos as
 * one multipart request, and the server's refusals shown beside the fields they are about.
 */
export function NewRequestForm({
  onSubmitted,
  onCancel,
}: {
  onSubmitted: (request: MaintenanceRequest) => void;
  onCancel: () => void;
}) {
  const client = useQueryClient();
  const { t } = useI18n();
  const picks = usePhotoPicks();
  const [general, setGeneral] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const generalRef = useRef<HTMLDivElement>(null);
  const form = useForm<MaintenanceFieldsInput, unknown, MaintenanceFields>({
    resolver: zodResolver(maintenanceFieldsSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;

  // The form opens with the first field focused: the button that opened it is gone.
  useEffect(() => form.setFocus("title"), [form]);

  const send = useMutation({
    mutationFn: (body: FormData) =>
      upload(tenantPortalApi.createRequest, {}, body, {
        onProgress: ({ percent }) => setPercent(percent),
      }),
    onSuccess: (request) => {
      putRequest(client, request);
      void invalidate(client, tenantPortalApi.createRequest.invalidates);
      form.reset(empty);
      picks.clear();
      onSubmitted(request);
    },
    onError: (error) => {
      const refusal = readRefusal(error, {
        fields: fieldNames,
        fileField: "photos",
        tooBig: maintenanceMessages.photoTooBig,
        wrongType: maintenanceMessages.photoType,
      });
      const entries = Object.entries(refusal.fields) as [FieldName, string][];
      for (const [index, [field, message]] of entries.entries())
        form.setError(field, { message }, { shouldFocus: index === 0 });
      picks.setProblem(refusal.files);
      setGeneral(refusal.general);
      if (refusal.general) generalRef.current?.focus();
    },
    onSettled: () => setPercent(null),
  });

  const onSubmit = form.handleSubmit((fields) => {
    setGeneral(null);
    send.mutate(requestBody(fields, picks.photos));
  });

  const sending = send.isPending;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="new-request-heading"
      className="grid gap-5"
    >
      <h3 id="new-request-heading" className="text-lg font-bold">
        {t("portal.maintenance.new")}
      </h3>
      <TextField
        label={t("portal.form.title")}
        hint={t("portal.form.titleHint")}
        autoComplete="off"
        error={errors.title?.message}
        {...form.register("title")}
      />
      <TextAreaField
        label={t("portal.form.description")}
        hint={t("portal.form.descriptionHint")}
        error={errors.description?.message}
        {...form.register("description")}
      />
      <SelectField
        label={t("portal.form.category")}
        error={errors.category?.message}
        {...form.register("category")}
      >
        <option value="">{t("portal.form.chooseCategory")}</option>
        {maintenanceCategories.map((category) => (
          <option key={category} value={category}>
            {t(`portal.category.${category}`)}
          </option>
        ))}
      </SelectField>
      <RadioGroup
        legend={t("portal.form.urgency")}
        note={<EmergencyNote />}
        choices={maintenanceUrgencies.map((urgency) => ({
          value: urgency,
          label: t(`portal.urgency.${urgency}`),
          hint: t(`portal.urgencyHint.${urgency}`),
        }))}
        error={errors.urgency?.message}
        inputProps={form.register("urgency")}
      />
      <RadioGroup
        legend={t("portal.form.enter")}
        choices={[
          { value: "yes", label: t("portal.form.enterYes") },
          { value: "no", label: t("portal.form.enterNo") },
        ]}
        error={errors.permissionToEnter?.message}
        inputProps={form.register("permissionToEnter")}
      />
      <TextField
        label={t("portal.form.preferredTimes")}
        hint={t("portal.form.preferredTimesHint")}
        error={errors.preferredTimes?.message}
        {...form.register("preferredTimes")}
      />
      <PhotoPicker
        photos={picks.photos}
        error={picks.problem === null ? null : translateMessage(t, picks.problem)}
        onAdd={picks.add}
        onRemove={picks.remove}
      />
      <div ref={generalRef} tabIndex={-1} className="outline-none empty:hidden">
        {general ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm">
            <span className="font-semibold text-destructive">{t("portal.form.notSent")}</span>{" "}
            {translateMessage(t, general)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" className="h-11" onClick={onCancel} disabled={sending}>
          {t("portal.form.cancel")}
        </Button>
        <Button type="submit" className="h-11" disabled={sending}>
          <Send aria-hidden="true" />
          {sending
            ? percent !== null && percent < 100
              ? t("portal.form.sendingPercent", { percent: Math.round(percent) })
              : t("portal.sending")
            : t("portal.form.send")}
        </Button>
      </div>
    </form>
  );
}
