import { Loader2 } from "lucide-react";

/** 'Loading...', 'Logging out...', 'Redirecting...': the whole screen, announced politely. */
export function FullScreenStatus({ message }: { message: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-3 bg-background/95 text-lg font-semibold"
    >
      <Loader2 aria-hidden="true" className="size-8 animate-spin text-primary" />
      {message}
    </div>
  );
}
