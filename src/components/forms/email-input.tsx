import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";

/** An email field as every form here wants it: email keyboard and autofill, no autocorrect. */
export function EmailInput(props: ComponentProps<typeof Input>) {
  return <Input name="email" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />;
}
