import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { useI18n } from "#web/i18n/i18n-provider";
import { cn } from "#web/lib/utils";

/** A centred modal dialog: focus trap, Escape, overlay click and focus return come from Radix. */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

type Props = ComponentProps<typeof RadixDialog.Content> & {
  title: string;
  description?: string;
  children: ReactNode;
};

export function DialogContent({ title, description, className, children, ...props }: Props) {
  const { t } = useI18n();
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in" />
      <RadixDialog.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-background p-6 shadow-xl outline-none data-[state=open]:animate-fade-in",
          className,
        )}
        {...(description ? {} : { "aria-describedby": undefined })}
        {...props}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="mt-1 text-sm text-muted-foreground">
                {description}
              </RadixDialog.Description>
            ) : null}
          </div>
          <RadixDialog.Close
            className="-mr-2 -mt-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-black/5"
            aria-label={t("common.close")}
          >
            <X aria-hidden="true" className="size-5" />
          </RadixDialog.Close>
        </div>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
