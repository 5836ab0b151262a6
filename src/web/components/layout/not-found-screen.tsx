import { messages } from "#domain/messages";
import { ErrorScreen } from "./error-screen";

export function NotFoundScreen() {
  return (
    <ErrorScreen
      title={messages.notFound.code}
      message={messages.notFound.text}
      actions={[
        { label: "Go Home", to: "/" },
        { label: "Browse Properties", to: "/properties" },
        { label: "Contact Us", to: "/contact" },
      ]}
    />
  );
}
