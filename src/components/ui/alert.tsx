import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

// Colour never carries the meaning alone (UX.md): callers put an icon and a title in the alert.
const alertVariants = cva(
  "relative grid w-full grid-cols-[auto_1fr] items-start gap-x-3 gap-y-1 rounded-lg border p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0 [&>:not(svg)]:col-start-2",
  {
    variants: {
      variant: {
        info: "bg-card text-card-foreground [&>svg]:text-primary",
        success: "bg-card text-card-foreground [&>svg]:text-success",
        warning: "border-warning/50 bg-warning-muted text-warning-foreground",
        destructive: "border-destructive/50 bg-card text-card-foreground [&>svg]:text-destructive",
      },
    },
    defaultVariants: { variant: "info" },
  },
);

export function Alert({ className, variant, ...props }: ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  return <div data-slot="alert" className={cn(alertVariants({ variant }), className)} {...props} />;
}

export function AlertTitle({ className, ...props }: ComponentProps<"p">) {
  return <p data-slot="alert-title" className={cn("font-semibold", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="alert-description" className={cn("leading-relaxed", className)} {...props} />;
}
