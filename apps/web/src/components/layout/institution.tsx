import { usePublicSettings } from '@/lib/institution';

/**
 * The institution's name from Settings (GET /settings/public, fetched once for every page), with its
 * logo when asked; nothing while it loads or if it cannot be read (the product name stays beside it).
 */
export function InstitutionName({ className, withLogo = false }: { className?: string; withLogo?: boolean }) {
  const { data } = usePublicSettings();
  if (!data) return null;
  return (
    <span className={className} data-testid="institution-name">
      {withLogo && data.logoUrl ? <img src={data.logoUrl} alt="" className="size-6 shrink-0 rounded-sm object-contain" /> : null}
      {data.institutionName}
    </span>
  );
}
