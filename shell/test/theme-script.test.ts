/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { applyTheme, readStoredTheme, saveTheme, THEME_STORAGE_KEY } from '@cp/ui';

const html = readFileSync(path.join(__dirname, '../public/index.html'), 'utf8');
const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

function runInlineScript() {
  document.documentElement.className = '';
  new Function(inline)();
  return document.documentElement.className;
}

describe('theme before first paint (spec §1)', () => {
  afterEach(() => localStorage.clear());

  it('index.html has an inline theme script in <head>, before any stylesheet or module', () => {
    expect(inline).toContain("localStorage.getItem('theme')");
    expect(html.indexOf(inline)).toBeLessThan(html.indexOf('</head>'));
  });

  it('defaults to light', () => {
    expect(runInlineScript()).toBe('light');
  });

  it('applies a saved dark theme', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(runInlineScript()).toBe('dark');
  });

  it('ignores unknown values and works without storage', () => {
    localStorage.setItem('theme', 'purple');
    expect(runInlineScript()).toBe('light');
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(runInlineScript()).toBe('light');
    getItem.mockRestore();
  });

  it('the toggle helpers agree with the script', () => {
    saveTheme('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(readStoredTheme()).toBe('dark');
    applyTheme('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    applyTheme('light');
    expect(document.documentElement.className).toBe('light');
  });
});
