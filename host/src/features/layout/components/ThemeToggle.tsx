import { ActionIcon, Tooltip } from '@mantine/core';
import { useAuthStore } from 'runtime-kernel';
import { MoonIcon, SunIcon } from '@/shared/components/icons';
import { useT } from '@/shared/i18n';

export function ThemeToggle() {
  const theme = useAuthStore((s) => s.theme);
  const toggleTheme = useAuthStore((s) => s.toggleTheme);
  const t = useT();
  const label = theme === 'dark' ? t('header.themeToLight') : t('header.themeToDark');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        size="lg"
        onClick={toggleTheme}
        aria-label={label}
        data-testid="theme-toggle"
      >
        {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
      </ActionIcon>
    </Tooltip>
  );
}
