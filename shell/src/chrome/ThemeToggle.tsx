import { useEffect, useState } from 'react';
import { Moon, Sun } from 'lucide-react';
import { applyTheme, Button, readStoredTheme, saveTheme, Tooltip, type Theme } from '@cp/ui';

/** Flips light/dark (spec §1): the class on <html> and localStorage `theme`; index.html applied it before first paint. */
export function ThemeToggle() {
  // Light on the first render, the server's included (it cannot know the visitor's choice: issue 20); the saved theme
  // right after. The page's colours were already right: index.html applied the class before first paint.
  const [theme, setTheme] = useState<Theme>('light');
  useEffect(() => setTheme(readStoredTheme()), []);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;
  return (
    <Tooltip
      content={label}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          onClick={() => {
            applyTheme(next);
            saveTheme(next);
            setTheme(next);
          }}
        >
          {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
        </Button>
      }
    />
  );
}
