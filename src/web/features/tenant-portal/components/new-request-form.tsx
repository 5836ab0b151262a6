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
  maintenanceCategoryLabels,
  maintenanceFieldsSchema,
  maintenanceMessages,
  maintenanceUrgencies,
  maintenanceUrgencyHints,
  maintenanceUrgencyLabels,
} from "#domain/maintenance";
import { Button } from "#web/components/ui/button";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/form-field";
import { upload } from "#web/lib/api-client";
import { invalidate } from "#web/lib/query";
import { portalMessages } from "../portal-messages";
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
        New request
      </h3>
      <TextField
        label="Title"
        hint="For example: Kitchen sink is leaking"
        autoComplete="off"
        error={errors.title?.message}
        {...form.register("title")}
      />
      <TextAreaField
        label="Description"
        hint="What is wrong, where, and since when."
        error={errors.description?.message}
        {...form.register("description")}
      />
      <SelectField label="Category" error={errors.category?.message} {...form.register("category")}>
        <option value="">Choose a category</option>
        {maintenanceCategories.map((category) => (
          <option key={category} value={category}>
            {maintenanceCategoryLabels[category]}
          </option>
        ))}
      </SelectField>
      <RadioGroup
        legend="Urgency"
        note={<EmergencyNote />}
        choices={maintenanceUrgencies.map((urgency) => ({
          value: urgency,
          label: maintenanceUrgencyLabels[urgency],
          hint: maintenanceUrgencyHints[urgency],
        }))}
        error={errors.urgency?.message}
        inputProps={form.register("urgency")}
      />
      <RadioGroup
        legend="May we enter when you are not home?"
        choices={[
          { value: "yes", label: "Yes, you may enter" },
          { value: "no", label: "No, only when I am home" },
        ]}
        error={errors.permissionToEnter?.message}
        inputProps={form.register("permissionToEnter")}
      />
      <TextField
        label="Preferred times (optional)"
        hint="For example: weekday mornings, or after 5 PM"
        error={errors.preferredTimes?.message}
        {...form.register("preferredTimes")}
      />
      <PhotoPicker
        photos={picks.photos}
        error={picks.problem}
        onAdd={picks.add}
        onRemove={picks.remove}
      />
      <div ref={generalRef} tabIndex={-1} className="outline-none empty:hidden">
        {general ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm">
            <span className="font-semibold text-destructive">{portalMessages.requestNotSent}</span>{" "}
            {general}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" className="h-11" onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
        <Button type="submit" className="h-11" disabled={sending}>
          <Send aria-hidden="true" />
          {sending
            ? percent !== null && percent < 100
              ? `Sending... ${Math.round(percent)}%`
              : "Sending..."
            : "Send request"}
        </Button>
      </div>
    </form>
  );
}
