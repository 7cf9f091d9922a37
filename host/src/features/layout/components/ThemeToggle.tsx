import { ActionIcon, Tooltip } from '@mantine/core';
import { LazyTooltip } from 'web-kit/lazy-tooltip';
import { useAuthStore } from 'runtime-kernel';
import { MoonIcon, SunIcon } from '@/shared/components/icons';
import { useT } from '@/shared/i18n';

export function ThemeToggle() {
  const theme = useAuthStore((s) => s.theme);
  const toggleTheme = useAuthStore((s) => s.toggleTheme);
  const t = useT();
  const label = theme === 'dark' ? t('header.themeToLight') : t('header.themeToDark');
  return (
    <LazyTooltip tooltip={(target, opened) => <Tooltip label={label} target={target} opened={opened} />}>
      <ActionIcon
        variant="subtle"
        size="lg"
        onClick={toggleTheme}
        aria-label={label}
        data-testid="theme-toggle"
        // The page's loader turns the theme on a press before the app is ready, and reads the
        // app's theme here when it hands the press over (host/src/server/page-template.ts).
        data-theme-switch={theme}
      >
        {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
      </ActionIcon>
    </LazyTooltip>
  );
}
