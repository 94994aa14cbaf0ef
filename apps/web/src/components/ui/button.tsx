import type { ComponentProps, ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@/lib/utils';

const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0';

const variants = {
  default: 'bg-primary text-primary-foreground hover:bg-primary/90',
  destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
  outline: 'border border-input bg-card hover:bg-accent hover:text-accent-foreground',
  ghost: 'hover:bg-accent hover:text-accent-foreground',
  link: 'text-primary underline-offset-4 hover:underline',
} as const;

const sizes = { default: 'h-10 px-4 py-2', sm: 'h-8 px-3', icon: 'size-10' } as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  asChild?: boolean;
};

export function Button({ className, variant = 'default', size = 'default', asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      className={cn(base, variants[variant], sizes[size], className)}
      type={asChild ? type : (type ?? 'button')}
      {...props}
    />
  );
}

/** A button that reads `busyLabel` and is off while its work runs (and while `disabled`). */
export function BusyButton({
  busy,
  label,
  busyLabel,
  icon,
  disabled = false,
  type = 'button',
  onClick,
}: {
  busy: boolean;
  label: ReactNode;
  busyLabel: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
  type?: 'button' | 'submit';
  onClick?: (() => void) | undefined;
}) {
  return (
    <Button type={type} onClick={onClick} disabled={busy || disabled}>
      {icon}
      {busy ? busyLabel : label}
    </Button>
  );
}
