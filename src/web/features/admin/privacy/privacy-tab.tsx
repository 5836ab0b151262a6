import { zodResolver } from "@hookform/resolvers/zod";
import { Download, Search, ShieldCheck, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { privacyApi } from "#domain/api/privacy";
import {
  heldKindLabels,
  heldKinds,
  type PersonData,
  personEraseSchema,
  personLookupSchema,
} from "#domain/privacy";
import type { z } from "#domain/zod";
import { StatePanel } from "#web/components/layout/state-panel";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { DialogClose, DialogContent, Dialog as DialogRoot } from "#web/components/ui/dialog";
import { TextField } from "#web/components/ui/form-field";
import { failureDetail, fetchFile } from "#web/lib/api-client";
import { formatDateTime } from "#web/lib/format-date-time";
import { useContractMutation } from "#web/lib/query";
import { startDownload } from "#web/lib/start-download";
import { PrivacyRequestsList } from "./privacy-requests-list";

type Lookup = z.infer<typeof personLookupSchema>;
type Erase = z.input<typeof personEraseSchema>;

/** What is held about the address, kind by kind, with what an erasure would keep and why. */
function HeldList({ data }: { data: PersonData }) {
  const keptReason = (kind: (typeof heldKinds)[number]) =>
    data.kept.find((k) => k.kind === kind)?.reason;
  return (
    <ul aria-label={`Held about ${data.email}`} className="grid gap-3">
      {heldKinds.map((kind) => {
        const held = data.held[kind];
        const reason = keptReason(kind);
        return (
          <li key={kind}>
            <Card className="grid gap-2 p-4">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                {heldKindLabels[kind]}
                <Badge variant={held.count ? "default" : "muted"}>{held.count}</Badge>
                {reason && held.count ? <Badge variant="outline">Kept</Badge> : null}
              </p>
              {held.newest.length ? (
                <ul className="grid gap-1 text-sm">
                  {held.newest.map((item) => (
                    <li key={`${item.at}-${item.text}`} className="break-words">
                      <time dateTime={item.at} className="text-muted-foreground">
                        {formatDateTime(item.at)}
                      </time>{" "}
                      {item.text}
                    </li>
                  ))}
                </ul>
              ) : null}
              {reason && held.count ? <p className="text-sm">{reason}</p> : null}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

/** "Erase": the address typed again, then everything but what is kept goes. */
function EraseDialog({
  email,
  open,
  onOpenChange,
  onErased,
}: {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onErased: () => void;
}) {
  const erase = useContractMutation(privacyApi.erase, (body: Erase) => ({ body }));
  const form = useForm<Erase>({
    resolver: zodResolver(personEraseSchema),
    values: { email, confirmEmail: "" },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.handleSubmit(async (input) => {
    setProblem(null);
    try {
      const answer = await erase.mutateAsync(input);
      toast.success(answer.message);
      onOpenChange(false);
      onErased();
    } catch (error) {
      setProblem(failureDetail(error));
    }
  });
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Erase this person's data"
        description={`Everything held about ${email} is deleted, except what is shown as kept. This cannot be undone. The audit trail records the erasure and how much went, not what it was.`}
      >
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextField
            label="Type the address again"
            type="email"
            autoComplete="off"
            autoFocus
            error={form.formState.errors.confirmEmail?.message}
            {...form.register("confirmEmail")}
          />
          {problem ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" className="min-h-11">
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant="destructive"
              className="min-h-11"
              disabled={erase.isPending}
            >
              {erase.isPending ? "Erasing..." : "Erase"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}

/**
 * The dashboard's Privacy tab: a person's data on request. Staff look up an e-mail address and
 * see what is held about it, kind by kind (how many, the newest few), export all of it as one
 * JSON file (documents included), and erase it, typing the address again; what must be kept (an
 * active tenancy, a staff account) is marked so, with the reason. The address is sent in the
 * request's body, never in the page's address. Above the lookup, the requests renters sent
 * from the privacy page, with their due dates.
 */
export function PrivacyTab() {
  const lookup = useContractMutation(privacyApi.lookup, (body: Lookup) => ({ body }));
  const form = useForm<Lookup>({
    resolver: zodResolver(personLookupSchema),
    defaultValues: { email: "" },
  });
  const [exporting, setExporting] = useState(false);
  const [erasing, setErasing] = useState(false);
  const results = useRef<HTMLHeadingElement>(null);
  const data = lookup.data;

  const find = form.handleSubmit(async (input) => {
    await lookup.mutateAsync(input).catch(() => undefined);
    results.current?.focus();
  });
  // A renter's request's "Look up": its address in the form, and looked up at once.
  const lookUp = (email: string) => {
    form.setValue("email", email);
    void find();
  };
  const exportData = async (email: string) => {
    setExporting(true);
    try {
      const file = await fetchFile(privacyApi.exportData, { body: { email } });
      const url = URL.createObjectURL(file);
      startDownload(url, `personal-data-${new Date().toISOString().slice(0, 10)}.json`);
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toast.error("Could not export the data.", { description: failureDetail(error) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="privacy-heading" className="grid gap-4">
      <div>
        <h2 id="privacy-heading" className="text-xl font-bold">
          Privacy requests
        </h2>
        <p className="text-sm text-muted-foreground">
          When someone asks what we hold about them, or asks us to delete it, look up their e-mail
          address. Answer within 45 days.
        </p>
      </div>
      <PrivacyRequestsList onLookUp={lookUp} />
      <h3 className="text-lg font-semibold">Look up an address</h3>
      <form onSubmit={find} noValidate className="flex flex-wrap items-end gap-3">
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="off"
          className="min-w-64 flex-1"
          error={form.formState.errors.email?.message}
          {...form.register("email")}
        />
        <Button type="submit" className="min-h-11" disabled={lookup.isPending}>
          <Search aria-hidden="true" /> {lookup.isPending ? "Looking up..." : "Look up"}
        </Button>
      </form>

      <div className="grid gap-4">
        <h3 ref={results} tabIndex={-1} className="sr-only outline-none">
          Results
        </h3>
        {lookup.isError ? (
          <p role="alert" className="font-medium text-destructive">
            {`Could not look the address up. ${failureDetail(lookup.error)}`}
          </p>
        ) : null}
        {data ? (
          heldKinds.every((kind) => data.held[kind].count === 0) ? (
            <StatePanel
              icon={ShieldCheck}
              title="Nothing held"
              message={`We hold nothing about ${data.email}.`}
            />
          ) : (
            <>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  className="min-h-11"
                  disabled={exporting}
                  onClick={() => void exportData(data.email)}
                >
                  <Download aria-hidden="true" /> {exporting ? "Exporting..." : "Export (JSON)"}
                </Button>
                <Button variant="destructive" className="min-h-11" onClick={() => setErasing(true)}>
                  <Trash2 aria-hidden="true" /> Erase
                </Button>
              </div>
              <HeldList data={data} />
              <EraseDialog
                email={data.email}
                open={erasing}
                onOpenChange={setErasing}
                onErased={() =>
                  void lookup.mutateAsync({ email: data.email }).catch(() => undefined)
                }
              />
            </>
          )
        ) : null}
      </div>
    </section>
  );
}
