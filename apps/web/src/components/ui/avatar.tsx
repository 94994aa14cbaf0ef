import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';

/** The image while it loads fine; otherwise the first letter of the name, else 'U' (spec section 3). */
export function UserAvatar({ name, src, className }: { name: string | null | undefined; src: string | null | undefined; className?: string }) {
  const letter = name?.trim().charAt(0).toUpperCase() || 'U';
  return (
    <AvatarPrimitive.Root className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full', className)}>
      {src ? <AvatarPrimitive.Image src={src} alt="" className="aspect-square size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        aria-hidden="true"
        className="flex size-full items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
      >
        {letter}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
