import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const variants = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-accent text-accent-foreground',
  outline: 'text-foreground',
  success: 'border-transparent bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  warning: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  destructive: 'border-transparent bg-destructive text-destructive-foreground',
} as const;

export type BadgeVariant = keyof typeof variants;

/** A small label (subjects, statuses). */
export function Badge({ className, variant = 'secondary', ...props }: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return <span className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium', variants[variant], className)} {...props} />;
}
