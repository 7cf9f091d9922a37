import { ActionIcon, Tooltip } from '@mantine/core';
import { useAuthStore } from 'shared-auth';
import { MoonIcon, SunIcon } from '@/shared/components/icons';

export function ThemeToggle() {
  const theme = useAuthStore((s) => s.theme);
  const toggleTheme = useAuthStore((s) => s.toggleTheme);
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
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
