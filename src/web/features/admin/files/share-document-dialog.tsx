import { useQueryClient } from "@tanstack/react-query";
import { Share2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import { type Tenant, maintenanceStaffMessages as words } from "#domain/maintenance";
import {
  documentAccept,
  type FileCategory,
  fileCategories,
  fileCategoryLabels,
  filesMessages,
  TENANT_FILE_MAX_BYTES,
} from "#domain/tenant-files";
import { PickerFinder } from "#web/components/picker-finder";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "#web/components/ui/dialog";
import { SelectField, TextField } from "#web/components/ui/form-field";
import { upload } from "#web/lib/api-client";
import { invalidate } from "#web/lib/query";
import { DialogActions, FormAlert } from "../properties/dialog-parts";
import { refusalLines } from "../tenants/refusal-lines";
import { tenantLine, useTenantChoices } from "../tenants/use-tenants";

const contract = adminMaintenanceApi.shareDocument;
const MAX_FILES = contract.multipart.limits.files;

type Errors = { tenant?: string; files?: string };

/** What is wrong with the chosen files before anything is sent, if anything. */
function filesProblem(files: File[]): string | undefined {
  if (files.length === 0) return words.chooseFiles;
  if (files.length > MAX_FILES) return words.tooManyFiles(MAX_FILES);
  if (files.some((f) => f.size > TENANT_FILE_MAX_BYTES)) return filesMessages.tooBig;
  return undefined;
}

function ShareForm({ onDone }: { onDone: () => void }) {
  const client = useQueryClient();
  const choices = useTenantChoices();
  const tenants = choices.query;
  // The chosen tenant stays in the list while the finder's words narrow it to others.
  const [chosen, setChosen] = useState<Tenant | null>(null);
  const tenantId = chosen?.id ?? "";
  const [category, setCategory] = useState<FileCategory>("other");
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string[] | null>(null);
  const [sending, setSending] = useState(false);
  const listed = choices.tenants;
  const list = chosen && !listed.some((t) => t.id === chosen.id) ? [chosen, ...listed] : listed;
  const searching = choices.typed.trim() !== "";

  const tenantHint = tenants.isPending
    ? "Loading tenants..."
    : tenants.isError
      ? words.tenantsLoadFailed
      : list.length === 0
        ? searching
          ? words.noTenantMatches
          : words.noTenants
        : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const found: Errors = {
      tenant: tenantId ? undefined : list.length === 0 ? tenantHint : words.chooseTenant,
      files: filesProblem(files),
    };
    setErrors(found);
    if (found.tenant || found.files) return;
    const tenant = chosen;
    // The fields go before the files: the server reads the parts in order.
    const form = new FormData();
    form.append("category", category);
    for (const file of files) form.append(contract.multipart.files.name, file);
    setSending(true);
    try {
      await upload(contract, { params: { id: tenantId } }, form);
      toast.success(words.shared(tenant?.name || tenant?.email || "the tenant"));
      onDone();
    } catch (error) {
      setAlert(refusalLines(words.shareFailed, error));
    } finally {
      setSending(false);
      // An upload is not a mutation: what it makes stale is refetched here.
      void invalidate(client, contract.invalidates);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      {choices.needsFinder ? (
        <PickerFinder
          label="Find a tenant"
          placeholder="Name or e-mail address"
          typed={choices.typed}
          onType={choices.setTyped}
          shown={listed.length}
          total={choices.total}
          things={["tenant", "tenants"]}
          order="by address"
        />
      ) : null}
      <SelectField
        label="Tenant"
        value={tenantId}
        error={errors.tenant}
        hint={tenantHint}
        disabled={list.length === 0}
        onChange={(event) => setChosen(list.find((t) => t.id === event.target.value) ?? null)}
      >
        <option value="">Choose a tenant</option>
        {list.map((t) => (
          <option key={t.id} value={t.id}>
            {t.unit
              ? `${tenantLine(t)}, Unit ${t.unit.unitNumber}, ${t.unit.propertyName}`
              : tenantLine(t)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Category"
        value={category}
        onChange={(event) =>
          setCategory(fileCategories.find((c) => c === event.target.value) ?? "other")
        }
      >
        {fileCategories.map((c) => (
          <option key={c} value={c}>
            {fileCategoryLabels[c]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Documents"
        type="file"
        multiple
        accept={documentAccept}
        error={errors.files}
        hint={`Up to ${MAX_FILES} files: ${contract.multipart.files.description}.`}
        className="[&_input]:h-auto [&_input]:py-2"
        onChange={(event) => setFiles([...(event.target.files ?? [])])}
      />
      <FormAlert lines={alert} />
      <DialogActions submitLabel="Share" phase={sending ? "uploading" : "idle"} />
    </form>
  );
}

/**
 * 'Share a document': the office sends a tenant a document (a lease, a notice); it appears in
 * their portal's Documents and in the list below, marked 'Shared with tenant'. The tenants are
 * loaded when the dialog opens, and the form starts empty each time.
 */
export function ShareDocumentDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="h-11">
          <Share2 aria-hidden="true" /> Share a document
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Share a document"
        description="The tenant sees it in the tenant portal's Documents."
      >
        <ShareForm onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
