import type { UseFormReturn } from "react-hook-form";
import { TextField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";

type Visitor = { name: string; email: string; phone: string };

/** Name, e-mail and phone: who is writing, the same in every inquiry form. */
export function VisitorFields<T extends Visitor>({ form }: { form: UseFormReturn<T> }) {
  const { t } = useI18n();
  // The three fields exist in every form that uses this; react-hook-form's generics cannot say so.
  const visitor = form as unknown as UseFormReturn<Visitor>;
  const { errors } = visitor.formState;
  return (
    <>
      <TextField
        label={t("contact.field.name")}
        autoComplete="name"
        error={errors.name?.message}
        {...visitor.register("name")}
      />
      <TextField
        label={t("contact.field.email")}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...visitor.register("email")}
      />
      <TextField
        label={t("contact.field.phone")}
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...visitor.register("phone")}
      />
    </>
  );
}
