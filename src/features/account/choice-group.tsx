import type { LucideIcon } from "lucide-react";
import { useId } from "react";
import { cn } from "@/lib/utils";

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint?: string;
  icon?: LucideIcon;
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  hint?: string;
  name: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

/**
 * A radio group of large, labelled choices: native radios, so arrows move between them and the
 * chosen one shows its filled circle as well as a highlighted border. Each is 44 px high or more.
 */
export function ChoiceGroup<T extends string>({ legend, hint, name, choices, value, onChange, className }: ChoiceGroupProps<T>) {
  // One group per instance: the account dialog may show the same choice over the settings page,
  // and radios outside a form that share a name would uncheck each other.
  const group = `${name}-${useId()}`;
  const hintId = hint ? `${group}-hint` : undefined;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <div className={cn("grid gap-2", className)}>
        {choices.map((choice) => {
          const Icon = choice.icon;
          const id = `${group}-${choice.value}`;
          return (
            <label
              key={choice.value}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 transition-colors has-checked:border-primary has-checked:bg-accent has-focus-visible:ring-[3px] has-focus-visible:ring-ring/60 motion-reduce:transition-none"
            >
              <input
                type="radio"
                name={group}
                value={choice.value}
                checked={choice.value === value}
                onChange={() => onChange(choice.value)}
                aria-labelledby={`${id}-label`}
                aria-describedby={choice.hint ? `${id}-hint` : undefined}
                className="size-4 shrink-0 accent-primary outline-none"
              />
              {Icon ? <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden /> : null}
              <span className="flex flex-col">
                <span id={`${id}-label`} className="font-medium">
                  {choice.label}
                </span>
                {choice.hint ? (
                  <span id={`${id}-hint`} className="text-sm text-muted-foreground">
                    {choice.hint}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
