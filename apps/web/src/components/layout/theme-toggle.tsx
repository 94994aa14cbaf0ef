import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NEXT_THEME, useTheme, type ThemePreference } from '@/lib/theme';

const LABEL: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const ICON = { light: Sun, dark: Moon, system: Monitor } as const;

/** Cycles light → dark → system → light (spec section 2). */
export function ThemeToggle() {
  const { preference, cycle } = useTheme();
  const Icon = ICON[preference];
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={cycle}
      aria-label={`Theme: ${LABEL[preference]}. Switch to ${LABEL[NEXT_THEME[preference]]}`}
      title={`Theme: ${LABEL[preference]}`}
      data-theme-preference={preference}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
