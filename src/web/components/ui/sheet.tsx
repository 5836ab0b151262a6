import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { useI18n } from "#web/i18n/i18n-provider";
import { cn } from "#web/lib/utils";

/**
 * A panel that slides in from the right over a dimmed overlay. Radix gives it the dialog role,
 * the focus trap, Escape and overlay-click to close, focus return and the body scroll lock.
 */
export const Sheet = Dialog.Root;
export const SheetTrigger = Dialog.Trigger;
export const SheetClose = Dialog.Close;

type SheetContentProps = ComponentProps<typeof Dialog.Content> & {
  title: string;
  description?: string;
  children: ReactNode;
};

export function SheetContent({
  title,
  description,
  className,
  children,
  ...props
}: SheetContentProps) {
  const { t } = useI18n();
  return (
    <Dialog.Portal>
      <Dialog.Overlay
        data-testid="sheet-overlay"
        className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in"
      />
      <Dialog.Content
        className={cn(
          "fixed inset-y-0 right-0 z-50 flex h-full flex-col bg-background shadow-xl outline-none data-[state=open]:animate-slide-in-right",
          className,
        )}
        {...(description ? {} : { "aria-describedby": undefined })}
        {...props}
      >
        <div className="flex items-center justify-between border-b border-border px-4 py-3">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Close
            className="inline-flex size-11 items-center justify-center rounded-md hover:bg-black/5"
            aria-label={t("common.menu.close")}
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </div>
        {description ? (
          <Dialog.Description className="sr-only">{description}</Dialog.Description>
        ) : null}
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
