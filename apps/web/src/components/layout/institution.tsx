import type { PublicSettings } from '@crs/shared/schemas/settings';

/** The institution's name from Settings (with its logo when asked); nothing until it is known. */
export function InstitutionName({ settings, className, withLogo = false }: { settings: PublicSettings | undefined; className?: string; withLogo?: boolean }) {
  if (!settings) return null;
  return (
    <span className={className} data-testid="institution-name">
      {withLogo && settings.logoUrl ? <img src={settings.logoUrl} alt="" className="size-6 shrink-0 rounded-sm object-contain" /> : null}
      {settings.institutionName}
    </span>
  );
}
